// 97-lowering-forms.h: included inside a kernel's body by 97-lowering-forms.cu,
// as HeCBench wsm5 includes its constants.h: macros, and a local's declaration.
#define INC_SCALE 3
#define INC_BIAS (INC_SCALE * 2 + 1)
const int inc_off = INC_BIAS - 7;
