# What the timing scripts share (sourced, not run): the median of a list of
# figures, and whether the answers of the runs agree.

# median: the median of the numbers on standard input, blank-separated, one
# or more a line (the mean of the middle two for an even count).
median() {
    tr -s ' \t' '\n\n' | grep . | sort -g |
        awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}

# agree WORD...: whether the words (the runs' answers or checksums) are all
# the same.
agree() {
    [ "$(printf '%s\n' "$@" | sort -u | wc -l)" -eq 1 ]
}
