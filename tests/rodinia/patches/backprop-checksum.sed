# Output patch (CPU-lowered and GPU copies alike): backprop prints no result,
# and the adjusted weights that come back from the second kernel are freed
# unread.  Before they are freed (backprop_cuda.cu, GPU path), print the
# hidden layer (first kernel), the errors, and sums over those weights.
/^[[:space:]]*free\(partial_sum\);/i\
  { /* rodinia-check: results of the training step */\
    double cs_ = 0.0, ca_ = 0.0;\
    for (int cj_ = 1; cj_ <= hid; cj_++)\
      printf("hidden_units[%d] = %.6e\\n", cj_, net->hidden_units[cj_]);\
    printf("out_err = %.6e hid_err = %.6e\\n", out_err, hid_err);\
    for (long ci_ = 0; ci_ < (long)(in + 1) * (hid + 1); ci_++) {\
      cs_ += input_weights_one_dim[ci_];\
      ca_ += fabs(input_weights_one_dim[ci_]);\
    }\
    printf("input_weights sum = %.9e abs = %.9e\\n", cs_, ca_);\
    printf("input_weights[%d] = %.6e [%ld] = %.6e\\n", hid + 2, input_weights_one_dim[hid + 2],\
           (long)(in + 1) * (hid + 1) - 1, input_weights_one_dim[(long)(in + 1) * (hid + 1) - 1]);\
  }
