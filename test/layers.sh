#!/usr/bin/env bash
# The two layers of src/, checked (make unittest runs this):
# - src/libulid/ includes only its own headers and the C standard
#   library's, never postgres.h, fmgr.h or any other server header;
# - every header declares only what its own module's .c defines: each
#   extern in src/X.h or src/libulid/X.h is defined in the .c of the same
#   name beside it, and a header without one declares no extern at all.
# Prints "layers: N passed, N failed" and fails on any failure.
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
passed=0
failed=0
fail() { echo "layers: $*" >&2; failed=$((failed + 1)); }

std='assert.h float.h limits.h stdbool.h stddef.h stdint.h stdio.h stdlib.h string.h'
for f in src/libulid/*.[ch]; do
	while read -r inc; do
		case $inc in
		\"*\") [ -f "src/libulid/${inc//\"/}" ] || fail "$f includes $inc, which is not a libulid header" ;;
		\<*\>) case " $std " in *" ${inc//[<>]/} "*) ;; *) fail "$f includes $inc, which is not a C standard header" ;; esac ;;
		*) fail "$f: #include $inc" ;;
		esac
	done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' "$f")
	passed=$((passed + 1))
done

for h in src/*.h src/libulid/*.h; do
	c=${h%.h}.c
	# the name an extern declares: the identifier before its "(" or ";"
	for name in $(sed -n 's/^extern[^(;]*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*[(;].*/\1/p' "$h"); do
		if [ ! -f "$c" ]; then
			fail "$h declares $name, but has no module $c"
		elif ! grep -Eq "^$name\(|^[A-Za-z_][A-Za-z0-9_[:space:]*]*[[:space:]*]$name[[:space:]]*(=|;)" "$c"; then
			fail "$h declares $name, which $c does not define"
		fi
	done
	passed=$((passed + 1))
done

echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
