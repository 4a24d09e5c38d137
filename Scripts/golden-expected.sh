#!/bin/sh
# Regenerate the expected screens (NAME.screen) of the golden fixtures from
# their recorded bytes (NAME.bytes) by replaying them into a private tmux
# server.  All the logic lives in record-golden.py (--render-only), which
# starts its own tmux server (-L rterm-golden-PID -f /dev/null) and always
# kills exactly that server, also on error or SIGINT/SIGTERM.
#
#   Scripts/golden-expected.sh            # every *.bytes in the fixture dir
#   Scripts/golden-expected.sh NAME ...   # only these
exec python3 "$(dirname "$0")/record-golden.py" --render-only "$@"
