# Chart of workload 3: insert rate as the table grows past shared_buffers.
# gnuplot -e "data='inserts.dat'; out='inserts.png'; title='...'" inserts.gp
set terminal pngcairo size 900,520 font ",11"
set output out
set title title
set xlabel "rows in the table"
set ylabel "rows inserted per second"
set format x "%.0s%c"
set format y "%.0s%c"
set yrange [0:*]
set key top right
set grid
plot data using 1:2 with linespoints pt 7 ps 0.6 title "bigint identity", \
     data using 1:3 with linespoints pt 5 ps 0.6 title "uuid (gen\\_random\\_uuid)", \
     data using 1:4 with linespoints pt 9 ps 0.6 title "ulid (gen\\_ulid)"
