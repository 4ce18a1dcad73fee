# Rodinia on CUDA 13 (GPU reference build only; see cuda13_compat.h):
# cudaDeviceProp fields removed in CUDA 13 become attribute queries.
s/([A-Za-z_][A-Za-z_0-9]*)[[:space:]]*\.[[:space:]]*(clockRate|computeMode|deviceOverlap)([^A-Za-z_0-9]|$)/RODINIA_PROP_\2(\&\1)\3/g
