// header-helper-macro-narrow.h: WIDTH again, narrower.
#undef WIDTH
#define WIDTH 8
