# Output patch (CPU-lowered and GPU copies alike): gaussian.cu has no option
# that prints its results (verbose starts at 0 and -q only clears it), so
# print the matrices and the solution, as Rodinia's documentation describes.
s/^([[:space:]]*int[[:space:]]+verbose[[:space:]]*=[[:space:]]*)0;/\11;/
