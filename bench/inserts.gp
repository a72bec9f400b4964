# Chart of workload 3: insert rate as the table grows past shared_buffers.
# gnuplot -e "data='inserts.dat'; out='inserts.png'; machine='...'" inserts.gp
set terminal pngcairo size 900,540 font ",11"
set output out
set title "Rows per second of INSERT ... SELECT into an UNLOGGED table with a primary key,\nshared\\_buffers = 16MB, 100,000 rows a statement (".machine.")"
set xlabel "rows in the table (millions)"
set ylabel "thousand rows inserted per second (median of 5 runs)"
set format x "%.1f"
set yrange [0:*]
set key right center box opaque
set grid
plot data using ($1/1e6):($2/1e3) with linespoints pt 7 ps 0.6 title "bigint identity", \
     data using ($1/1e6):($3/1e3) with linespoints pt 5 ps 0.6 title "uuid, gen\\_random\\_uuid()", \
     data using ($1/1e6):($4/1e3) with linespoints pt 9 ps 0.6 title "ulid, gen\\_ulid()"
