# Output patch (CPU-lowered and GPU copies alike): with -v lud prints only the
# elements where L*U differs from the input by more than 0.0001, so its
# output says little.  After verifying, print sums over the LU matrix and a
# few of its elements (compared with a tolerance: -use_fast_math on the GPU).
/^[[:space:]]*lud_verify\(mm,[[:space:]]*m,[[:space:]]*matrix_dim\);/a\
    { /* rodinia-check: the LU factors */\
      double s_ = 0.0, a_ = 0.0, d_ = 0.0;\
      for (long ci_ = 0; ci_ < (long)matrix_dim * matrix_dim; ci_++) {\
        s_ += m[ci_];\
        a_ += m[ci_] < 0 ? -m[ci_] : m[ci_];\
      }\
      for (int ci_ = 0; ci_ < matrix_dim; ci_++)\
        d_ += m[(long)ci_ * matrix_dim + ci_];\
      printf("LU sum = %.7e abs = %.7e diag = %.7e\\n", s_, a_, d_);\
      for (int ci_ = 0; ci_ < matrix_dim; ci_ += matrix_dim / 8 > 0 ? matrix_dim / 8 : 1)\
        printf("LU[%d][%d] = %.6e LU[%d][%d] = %.6e\\n", ci_, ci_, m[(long)ci_ * matrix_dim + ci_],\
               ci_, matrix_dim - 1 - ci_, m[(long)ci_ * matrix_dim + matrix_dim - 1 - ci_]);\
    }
