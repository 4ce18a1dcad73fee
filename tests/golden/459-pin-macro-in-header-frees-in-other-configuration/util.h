#define REGROW() do { free(h); h = (float *)malloc(N * sizeof(float)); } while (0)
