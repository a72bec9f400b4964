#!/usr/bin/env python3
"""META.json against PGXN's meta-spec 1.0.0 (https://pgxn.org/spec/), which
no Debian package checks: every key's type and form, the required keys, and
no key the spec does not define (other than x_ ones).  Prints one line per
violation, each with its key's path, and exits 1 if there is one.

    test/packaging/pgxn_meta.py META.json
"""
import json
import re
import sys

# semver.org's own expression (the spec's "version" is a semantic version)
SEMVER = (r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
          r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
          r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?")
# a version range: comma-separated, each a version with an optional operator
RANGE_ONE = r"(?:(?:[=!]=|[<>]=?)\s*)?" + SEMVER
VERSION_RANGE = re.compile(r"(?:%s|0)(?:,\s*%s)*" % (RANGE_ONE, RANGE_ONE))
LICENSES = {"agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd", "freebsd",
            "gfdl_1_2", "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1", "lgpl_3_0", "mit",
            "mozilla_1_0", "mozilla_1_1", "openssl", "perl_5", "postgresql", "qpl_1_0", "ssleay",
            "sun", "zlib", "open_source", "restricted", "unrestricted", "unknown"}
PHASES = {"configure", "build", "test", "runtime", "develop"}
RELATIONSHIPS = {"requires", "recommends", "suggests", "conflicts"}
URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+")
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")

errors = []


def err(path, message):
    errors.append("%s: %s" % (path, message))


def is_str(path, v, min_len=1):
    if not isinstance(v, str):
        err(path, "must be a string, is %s" % json.dumps(v))
        return False
    if len(v) < min_len:
        err(path, "must have at least %d characters" % min_len)
        return False
    return True


def term(path, v):
    # two or more characters, none of them a slash, backslash, space or control
    if is_str(path, v, 2) and re.search(r"[/\\\s\x00-\x1f\x7f]", v):
        err(path, "%s has a slash, backslash, space or control character" % json.dumps(v))


def semver(path, v):
    if is_str(path, v) and not re.fullmatch(SEMVER, v):
        err(path, "%s is no semantic version (MAJOR.MINOR.PATCH)" % json.dumps(v))


def file_path(path, v):
    # a relative path in the distribution, Unix conventions
    if is_str(path, v, 2) and (v.startswith("/") or "\\" in v or ".." in v.split("/")):
        err(path, "%s is no relative Unix path inside the distribution" % json.dumps(v))


def obj(path, v, known, required=(), any_of=(), extensions=True):
    """v is an object of the known keys (and x_ ones), with the required ones
    and at least one of any_of."""
    if not isinstance(v, dict):
        err(path, "must be an object, is %s" % json.dumps(v))
        return False
    for k in v:
        if k not in known and not (extensions and re.match(r"[xX]_.", k)):
            err(path, "has the key %s, which the spec does not define" % json.dumps(k))
    for k in required:
        if k not in v:
            err(path, "lacks the required key %s" % json.dumps(k))
    if any_of and not any(k in v for k in any_of):
        err(path, "needs one of %s" % ", ".join(sorted(any_of)))
    return True


def str_or_list(path, v, item, min_len=1):
    if isinstance(v, list):
        if not v:
            err(path, "must not be empty")
        if len(set(map(json.dumps, v))) != len(v):
            err(path, "has duplicates")
        for i, x in enumerate(v):
            item("%s[%d]" % (path, i), x)
    else:
        item(path, v)


def maintainer(path, v):
    str_or_list(path, v, lambda p, x: is_str(p, x))


def license_(path, v):
    if isinstance(v, dict):
        if not v:
            err(path, "must not be empty")
        for k, url in v.items():
            if is_str("%s.%s" % (path, k), url) and not URI.fullmatch(url):
                err("%s.%s" % (path, k), "%s is no URI" % json.dumps(url))
        return

    def one(p, x):
        if x not in LICENSES:
            err(p, "%s is none of the spec's license names" % json.dumps(x))
    str_or_list(path, v, one)


def provides(path, v):
    if not isinstance(v, dict):
        err(path, "must be an object, is %s" % json.dumps(v))
        return
    if not v:
        err(path, "must name at least one extension")
    for name, ext in v.items():
        p = "%s.%s" % (path, name)
        term(p + " (its name)", name)
        if obj(p, ext, {"file", "version", "abstract", "docfile", "docpath"}, required=("file", "version")):
            if "file" in ext:
                file_path(p + ".file", ext["file"])
            if "version" in ext:
                semver(p + ".version", ext["version"])
            if "abstract" in ext:
                is_str(p + ".abstract", ext["abstract"])
            if "docfile" in ext:
                file_path(p + ".docfile", ext["docfile"])
            if "docpath" in ext:
                is_str(p + ".docpath", ext["docpath"])


def meta_spec(path, v):
    if obj(path, v, {"version", "url"}, required=("version",)):
        if "version" in v and is_str(path + ".version", v["version"]) and \
                not re.fullmatch(r"1\.0\.\d+", v["version"]):
            err(path + ".version", "%s is not 1.0.x" % json.dumps(v["version"]))
        if "url" in v and v["url"] not in ("https://pgxn.org/meta/spec.txt", "http://pgxn.org/meta/spec.txt"):
            err(path + ".url", "%s is not the spec's address" % json.dumps(v["url"]))


def tags(path, v):
    if not isinstance(v, list):
        err(path, "must be an array")
        return

    def one(p, x):
        if is_str(p, x, 2):
            if len(x) > 255:
                err(p, "is longer than 255 characters")
            if re.search(r"[/\\\x00-\x1f\x7f]", x):
                err(p, "%s has a slash, backslash or control character" % json.dumps(x))
    str_or_list(path, v, one)


def no_index(path, v):
    if obj(path, v, {"file", "directory"}, any_of=("file", "directory")):
        for k in ("file", "directory"):
            if k in v:
                str_or_list("%s.%s" % (path, k), v[k], file_path)


def prereqs(path, v):
    if obj(path, v, PHASES, any_of=PHASES):
        for phase, rels in v.items():
            if phase not in PHASES:
                continue
            p = "%s.%s" % (path, phase)
            if obj(p, rels, RELATIONSHIPS, any_of=RELATIONSHIPS):
                for rel, reqs in rels.items():
                    if rel not in RELATIONSHIPS:
                        continue
                    q = "%s.%s" % (p, rel)
                    if not isinstance(reqs, dict) or not reqs:
                        err(q, "must be a non-empty object of names and version ranges")
                        continue
                    for name, rng in reqs.items():
                        term("%s.%s (its name)" % (q, name), name)
                        # a version range, or 0 (any version)
                        if not (rng == 0 and not isinstance(rng, bool)) and \
                                not (isinstance(rng, str) and VERSION_RANGE.fullmatch(rng)):
                            err("%s.%s" % (q, name), "%s is no version range" % json.dumps(rng))


def resources(path, v):
    if not obj(path, v, {"homepage", "bugtracker", "repository"}, any_of=("homepage", "bugtracker", "repository")):
        return

    def uri(p, x):
        if is_str(p, x) and not URI.fullmatch(x):
            err(p, "%s is no URI" % json.dumps(x))
    if "homepage" in v:
        uri(path + ".homepage", v["homepage"])
    if "bugtracker" in v:
        b = v["bugtracker"]
        if obj(path + ".bugtracker", b, {"web", "mailto"}, any_of=("web", "mailto")):
            if "web" in b:
                uri(path + ".bugtracker.web", b["web"])
            if "mailto" in b and is_str(path + ".bugtracker.mailto", b["mailto"]) and \
                    not EMAIL.fullmatch(b["mailto"]):
                err(path + ".bugtracker.mailto", "%s is no address" % json.dumps(b["mailto"]))
    if "repository" in v:
        r = v["repository"]
        if obj(path + ".repository", r, {"url", "web", "type"}):
            if not ({"url", "type"} <= set(r) or "web" in r):
                err(path + ".repository", "needs url and type, or web")
            for k in ("url", "web"):
                if k in r:
                    uri("%s.repository.%s" % (path, k), r[k])
            if "type" in r and is_str(path + ".repository.type", r["type"]) and \
                    not re.fullmatch(r"[a-z]+", r["type"]):
                err(path + ".repository.type", "%s is not lower-case letters" % json.dumps(r["type"]))


TOP = {
    "name": term, "version": semver, "abstract": is_str, "maintainer": maintainer,
    "license": license_, "provides": provides, "meta-spec": meta_spec,
    "description": is_str, "generated_by": is_str, "tags": tags, "no_index": no_index,
    "prereqs": prereqs, "resources": resources,
    "release_status": lambda p, v: v in ("stable", "testing", "unstable") or
    err(p, "%s is none of stable, testing, unstable" % json.dumps(v)),
}
REQUIRED = ("name", "version", "abstract", "maintainer", "license", "provides", "meta-spec")


def main():
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        print("%s: %s" % (sys.argv[1], e))
        return 1
    if obj("META.json", meta, set(TOP), required=REQUIRED):
        for k, v in meta.items():
            if k in TOP:
                TOP[k](k, v)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
