#!/usr/bin/env bash
# The tree's source files, sorted, one a line (what a release holds, what
# tests copy for a clean tree): git's tracked files in a checkout, the
# MANIFEST (make dist's) in a release tree, else an error; with PATHs, only
# those files and the files under those folders.
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
