#!/usr/bin/env bash
# The tree's source files, one a line, relative to its top, sorted: what a
# release holds and what the tests copy when they need a clean tree.
#   - a git checkout (.git here): git ls-files, the tracked files;
#   - a release tree (unpacked from make dist's tarball or zip): its
#     MANIFEST, which make dist writes;
#   - anything else: an error saying so.
# With PATH arguments, only the files under those folders or named so.
#   scripts/tree_files.sh [PATH ...]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -e "$root/.git" ]; then
	command -v git >/dev/null || { echo "$root is a git checkout: its files are listed by git, which is not installed (Debian: apt-get install git)" >&2; exit 1; }
	git -C "$root" -c core.quotepath=off ls-files -- "$@" | LC_ALL=C sort
elif [ -f "$root/MANIFEST" ]; then
	if [ $# -eq 0 ]; then
		LC_ALL=C sort "$root/MANIFEST"
	else
		for p in "$@"; do
			awk -v p="${p%/}" '$0 == p || index($0, p "/") == 1' "$root/MANIFEST"
		done | LC_ALL=C sort -u
	fi
else
	echo "$root has neither .git nor MANIFEST: no list of its source files (a git clone has the first, a release tree from make dist the second)" >&2
	exit 1
fi
