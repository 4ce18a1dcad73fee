# Determinism patch (both sides, and the OpenMP version): srand(time(NULL))
# makes every run's input different; seed it with a constant instead.
s/srand[[:space:]]*\([[:space:]]*time[[:space:]]*\([[:space:]]*NULL[[:space:]]*\)[[:space:]]*\)/srand(7)/
