# Output patch (CPU-lowered and GPU copies alike): pathfinder prints its
# result row only under BENCH_PRINT (commented out), and then prints the
# whole input row too.  After the result comes back, print a checksum of it
# and every 1000th value (integers: compared exactly).
/^[[:space:]]*cudaMemcpy\(result,[[:space:]]*gpuResult\[final_ret\]/a\
    { /* rodinia-check: the result row */\
      unsigned long long cs_ = 0; long long sum_ = 0; int mn_ = result[0], mx_ = result[0];\
      for (int ci_ = 0; ci_ < cols; ci_++) {\
        cs_ = cs_ * 1000003ULL + (unsigned long long)(unsigned)result[ci_];\
        sum_ += result[ci_];\
        if (result[ci_] < mn_) mn_ = result[ci_];\
        if (result[ci_] > mx_) mx_ = result[ci_];\
      }\
      printf("result: sum %lld min %d max %d hash %016llx\\n", sum_, mn_, mx_, cs_);\
      for (int ci_ = 0; ci_ < cols; ci_ += 1000)\
        printf("result[%d] = %d\\n", ci_, result[ci_]);\
    }
