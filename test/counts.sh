# Counting for the shell test suites, which end with the line
# "NAME: N passed, N failed" that scripts/test.sh adds up.  Source it.

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
# check WHAT GOT WANT: passes when GOT is WANT
check() {
	if [ "$2" = "$3" ]; then
		pass "$1 is $2"
	else
		fail "$1 is '$2', want '$3'"
	fi
}

# the closing line of suite $1; the status is the verdict
report() {
	echo "$1: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
