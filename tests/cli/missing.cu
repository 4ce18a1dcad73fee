#include "no_such_header.h"
int main() { cudaDeviceSynchronize(); return 0; }
