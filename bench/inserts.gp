# Chart of workload 3: insert rate as the table grows past shared_buffers.
# gnuplot -e "data='inserts.dat'; out='inserts.png'; machine='...'" inserts.gp
# png (libgd) draws with a palette: a quarter of pngcairo's bytes for this chart
set terminal png size 900,540 font ",11"
set output out
set title "Rows per second of INSERT ... SELECT into an UNLOGGED table with a primary key,\nshared\\_buffers = 16MB, 100,000 rows a statement (".machine.")"
set xlabel "rows in the table (millions)"
set ylabel "thousand rows inserted per second (median of 5 runs)"
set format x "%.1f"
set yrange [0:*]
set key right center box opaque
set grid
style = "with linespoints ps 0.6"
cmd = "plot data using ($1/1e6):($2/1e3) ".style." pt 7 title 'bigint identity', " \
    . "data using ($1/1e6):($3/1e3) ".style." pt 5 title 'uuid, gen\\_random\\_uuid()', " \
    . "data using ($1/1e6):($4/1e3) ".style." pt 9 title 'ulid, gen\\_ulid()'"
# a fifth column, uuidv7() on PostgreSQL 18, when the run had one
stats data nooutput
if (STATS_columns >= 5) {
	cmd = cmd.", data using ($1/1e6):($5/1e3) ".style." pt 11 title 'uuid, uuidv7()'"
}
eval cmd
