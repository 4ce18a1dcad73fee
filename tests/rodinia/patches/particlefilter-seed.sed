# Determinism patch (both sides, and the OpenMP version): the particle seeds
# are time(0)*i; use a fixed time (2023-11-14) so that runs are repeatable.
s/seed\[i\][[:space:]]*=[[:space:]]*time\(0\)[[:space:]]*\*[[:space:]]*i;/seed[i] = (time_t)1700000000 * i;/
