#!/usr/bin/env bash
# Validate deploy/kubernetes/ offline against the Kubernetes schemas, for .ci/run.
#
# Installs PyPI kubernetes-validate (pinned; it ships the schemas, nothing is fetched at run time)
# into target/kubernetes-validate-venv, the way tests/python/install.sh installs the Python SDK
# (a stamp, written only after the install checked out, makes a second run ~instant), then:
#   - kubernetes-validate --strict (unknown fields are errors) on every manifest, for
#     Kubernetes $K8S_VERSION;
#   - kustomization.yaml lists exactly the manifests of this folder;
#   - every ConfigMap key is a variable the server reads (a quoted name in clinic-mcp/src).
# Exits non-zero on any failure.
#
# Environment: PYTHON picks the interpreter for a new venv (default: python3).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT="$(pwd -P)"
DIR="deploy/kubernetes"
KV_VERSION="1.37.0"  # PyPI kubernetes-validate
K8S_VERSION="1.30.0" # the oldest Kubernetes the manifests target (preStop sleep is 1.30)
VENV="$ROOT/target/kubernetes-validate-venv"
PY="$VENV/bin/python"
STAMP="$VENV/.kubernetes-validate-version"

log() { printf 'validate.sh: %s\n' "$*" >&2; }

is_current() {
    [ -x "$PY" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$KV_VERSION" ] &&
        [ -x "$VENV/bin/kubernetes-validate" ]
}

if ! is_current; then
    mkdir -p "$ROOT/target"
    if command -v flock >/dev/null 2>&1; then
        exec 9>"$ROOT/target/kubernetes-validate-venv.lock"
        flock 9
    fi
    if ! is_current; then
        if [ -e "$VENV" ] && ! "$PY" -c 'import sys' >/dev/null 2>&1; then
            log "removing broken venv $VENV"
            rm -rf "$VENV"
        fi
        if [ ! -x "$PY" ]; then
            log "creating venv $VENV with ${PYTHON:-python3}"
            "${PYTHON:-python3}" -m venv "$VENV"
        fi
        log "installing kubernetes-validate==$KV_VERSION"
        rm -f "$STAMP"
        "$PY" -m pip install --quiet --disable-pip-version-check --no-input \
            "kubernetes-validate==$KV_VERSION" >&2
        "$PY" -c 'import sys, importlib.metadata as m
v = m.version("kubernetes-validate")
sys.exit(0 if v == sys.argv[1] else "installed kubernetes-validate %s, wanted %s" % (v, sys.argv[1]))' "$KV_VERSION"
        printf '%s\n' "$KV_VERSION" >"$STAMP"
    fi
fi

mapfile -t manifests < <(cd "$DIR" && ls -1 *.yaml | grep -vx kustomization.yaml)
[ "${#manifests[@]}" -gt 0 ] || { log "no manifests in $DIR"; exit 1; }

"$VENV/bin/kubernetes-validate" --strict --kubernetes-version "$K8S_VERSION" \
    "${manifests[@]/#/$DIR/}"

"$PY" - "$DIR" "${manifests[@]}" <<'PY'
import pathlib, re, sys
import yaml

d = pathlib.Path(sys.argv[1])
manifests = sorted(sys.argv[2:])
failed = False

listed = sorted(yaml.safe_load((d / "kustomization.yaml").read_text())["resources"])
if listed != manifests:
    print(f"kustomization.yaml lists {listed}, the folder has {manifests}", file=sys.stderr)
    failed = True

src = "\n".join(p.read_text() for p in pathlib.Path("clinic-mcp/src").rglob("*.rs"))
for m in manifests:
    for doc in yaml.safe_load_all((d / m).read_text()):
        if doc and doc.get("kind") == "ConfigMap":
            for key in doc.get("data", {}):
                if f'"{key}"' not in src:
                    print(f"{m}: {key} is not a variable clinic-mcp reads", file=sys.stderr)
                    failed = True
sys.exit(1 if failed else 0)
PY
echo "validate.sh: ${#manifests[@]} manifests valid for Kubernetes $K8S_VERSION (kubernetes-validate $KV_VERSION, --strict)"
