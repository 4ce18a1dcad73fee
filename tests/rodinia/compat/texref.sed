# Rodinia on CUDA 12+ (GPU reference build only; see cuda13_compat.h):
# a legacy 1D texture reference over linear memory becomes a __device__
# rodinia_texref<T>, read by the header's tex1Dfetch overload (plain loads).
s/^([[:space:]]*)(static[[:space:]]+)?texture[[:space:]]*<[[:space:]]*([A-Za-z_][A-Za-z_0-9]*)[[:space:]]*(,[[:space:]]*1[[:space:]]*(,[[:space:]]*cudaReadModeElementType[[:space:]]*)?)?>[[:space:]]*([A-Za-z_][A-Za-z_0-9]*)[[:space:]]*;/\1__device__ rodinia_texref<\3> \6;/
