#include "no_such_header.h"
int main() { return 0; }
