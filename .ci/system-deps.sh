# Sourced by .ci/run (and by apps/server/test/ciScript.test.ts, which stubs as_root, fc-list and PATH).
# Each package the tests call is checked on its own and only the missing ones are installed:
# chromium (browser tests), the CJK fonts (Chinese in screenshots and layout), ffmpeg/ffprobe (video
# transcoding, audio works, seed media), nginx (two nodes behind a proxy, twoNodes.test.ts). A machine
# with some but not all of them gets the rest.
system_deps() {
  local missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  # Not grep -q: with pipefail, fc-list's SIGPIPE (grep stops reading early) would fail the test.
  fc-list 2>/dev/null | grep -i 'Noto Sans CJK' >/dev/null || missing+=(fonts-noto-cjk)
  { command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; } || missing+=(ffmpeg)
  command -v nginx >/dev/null || missing+=(nginx)
  if [ ${#missing[@]} -eq 0 ]; then
    echo "chromium, fonts-noto-cjk, ffmpeg and nginx already installed"
    return 0
  fi
  echo "installing: ${missing[*]}"
  as_root apt-get update
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y --no-install-recommends "${missing[@]}"
}

