# Memory over time for the seed experiment's three strategies (bench/run.sh seed).
# Variables: dir (folder with seed-<strategy>.csv), out (PNG to write).
set terminal pngcairo size 900,500 font "DejaVu Sans,11"
set output out
set datafile separator ","
set key top right
set grid
set title "Copying 1 GiB to a destination that writes 100 MiB/s"
set xlabel "time (s)"
set ylabel "resident set size (MiB)"
set yrange [0:*]
plot dir."/seed-whole.csv" using ($1/1000):($2/1048576) skip 1 with lines lw 2 title "read whole file, then write", \
     dir."/seed-unbounded.csv" using ($1/1000):($2/1048576) skip 1 with lines lw 2 title "unbounded queue of chunks", \
     dir."/seed-bounded.csv" using ($1/1000):($2/1048576) skip 1 with lines lw 2 title "bounded pool, 8 × 1 MiB (Sluice)"
