# A copy onto a slow destination (bench/run.sh slow).
# Variables: sluice, cp (meminfo samples: ms cached_kib dirty_writeback_kib),
# progress (sluice-cli: ms read_MiB/s write_MiB/s resident_MiB buffers dirty_MiB), out.
set terminal pngcairo size 900,800 font "DejaVu Sans,11"
set output out
set multiplot layout 2,1
set grid
set key top right
set xlabel "time (s)"
set title "System dirty + writeback page cache, 1 GiB onto a 50 MiB/s destination"
set ylabel "MiB"
set yrange [0:*]
plot cp using ($1/1000):($3/1024) with lines lw 2 title "cp, then sync", \
     sluice using ($1/1000):($3/1024) with lines lw 2 title "sluice-cli"
set title "sluice-cli on the same destination: the read side waits for the write side"
set ylabel "MiB/s"
set y2label "MiB / buffers in use"
set y2tics
set ytics nomirror
set yrange [0:*]
set y2range [0:*]
plot progress using ($1/1000):2 with lines lw 2 title "read rate", \
     progress using ($1/1000):3 with lines lw 2 title "write rate", \
     progress using ($1/1000):4 axes x1y2 with lines lw 2 title "resident set size (MiB, right)", \
     progress using ($1/1000):5 axes x1y2 with steps lw 1 title "buffers in use of 8 (right)"
unset multiplot
