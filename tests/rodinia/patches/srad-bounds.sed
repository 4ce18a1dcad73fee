# Memory-safety patch (CPU-lowered and GPU copies alike): srad_v2's kernels
# load each block's halo unconditionally, so the blocks on the edges read
# outside J_cuda and C_cuda (up to `cols` elements before the array and
# after it) and then overwrite those values with clamped ones.  A GPU reads
# the stray addresses harmlessly; on a CPU the arrays (malloc'd, 16 MiB at
# 2048 x 2048) end at an unmapped page and the read faults.  Skip the loads
# whose values the edge branches overwrite; the results are unchanged.
s/^([[:space:]]*)north\[ty\]\[tx\][[:space:]]*=[[:space:]]*J_cuda\[index_n\];/\1if (by > 0) north[ty][tx] = J_cuda[index_n];/
s/^([[:space:]]*)south\[ty\]\[tx\][[:space:]]*=[[:space:]]*J_cuda\[index_s\];/\1if (by < gridDim.y - 1) south[ty][tx] = J_cuda[index_s];/
s/^([[:space:]]*)west\[ty\]\[tx\][[:space:]]*=[[:space:]]*J_cuda\[index_w\];/\1if (bx > 0) west[ty][tx] = J_cuda[index_w];/
s/^([[:space:]]*)east\[ty\]\[tx\][[:space:]]*=[[:space:]]*J_cuda\[index_e\];/\1if (bx < gridDim.x - 1) east[ty][tx] = J_cuda[index_e];/
s/^([[:space:]]*)south_c\[ty\]\[tx\][[:space:]]*=[[:space:]]*C_cuda\[index_s\];/\1if (by < gridDim.y - 1) south_c[ty][tx] = C_cuda[index_s];/
s/^([[:space:]]*)east_c\[ty\]\[tx\][[:space:]]*=[[:space:]]*C_cuda\[index_e\];/\1if (bx < gridDim.x - 1) east_c[ty][tx] = C_cuda[index_e];/
