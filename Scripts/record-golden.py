#!/usr/bin/env python3
"""Record golden terminal sessions and render their expected screens with tmux.

Two phases, both driven by the SESSIONS table below:

  record  Spawn a real program (usually an interactive bash that then runs
          vim, less, htop, ...) on a fresh pty of exactly 24 rows x 80 columns,
          feed it a scripted list of keystrokes with delays, and save EVERY byte
          read from the pty master, verbatim, as NAME.bytes.  The recorder never
          answers terminal queries (DA, CPR, OSC colour queries...): programs
          that ask simply time out, exactly as they would on a silent terminal.

  render  Replay NAME.bytes into a private tmux server (80x24 pane, status line
          off, pane pty in raw mode so the bytes are not re-processed) and write
          tmux's rendering as NAME.screen in the `rterm render --format text`
          format: 24 lines (trailing spaces trimmed), then `cursor=ROW,COL`
          (0-based, COL clamped to 79).  DEC special graphics cells are
          converted to the Unicode characters xterm shows (tmux's plain
          capture prints the raw ASCII letter; see render_pane()).

Usage:
  python3 Scripts/record-golden.py                  # record + render all
  python3 Scripts/record-golden.py NAME [NAME ...]  # only these sessions
  python3 Scripts/record-golden.py --render-only    # re-render .screen files
                                                    # from existing .bytes
  python3 Scripts/record-golden.py --record-only NAME
  python3 Scripts/record-golden.py --list

Standard library only.  Needs: bash, tmux (3.x), and for the individual
sessions vim, less, man-db, htop, procps (top), git, nano, dialog, python3.
"""

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import unicodedata

ROWS, COLS = 24, 80
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(REPO, "Tests", "RemoteTermTests", "Fixtures", "Golden")
# A fixed HOME path (wiped and recreated before every session) so prompts,
# paths and file listings come out the same on every run.
HOME = "/tmp/rterm-golden-home"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
MAX_BYTES = 200 * 1024

# ---------------------------------------------------------------------------
# Step DSL.  A session's steps is a list of:
#   float / int       keep recording for that many seconds
#   str / bytes       send these bytes to the program now
#   Type("text")      send the text one character at a time (per-key delay)
# ---------------------------------------------------------------------------


class Type:
    def __init__(self, text, per=0.04):
        self.text = text
        self.per = per


class Cursor:
    """An arrow key.  Sent as ESC [ X normally and as ESC O X when the program
    has switched the terminal to application cursor-key mode (DECCKM,
    ESC [ ? 1 h), which is what a real xterm does."""

    def __init__(self, final):
        self.final = final


ESC = "\x1b"
UP, DOWN, RIGHT, LEFT = Cursor("A"), Cursor("B"), Cursor("C"), Cursor("D")
ENTER = "\r"
TAB = "\t"


def ctrl(c):
    return chr(ord(c.upper()) - 64)


class Session:
    def __init__(self, name, desc, steps, argv=None, env=None, settle=0.3):
        self.name = name
        self.desc = desc
        self.steps = steps
        self.argv = argv  # default: interactive bash with our rc file
        self.env = env or {}
        self.settle = settle  # extra quiet time required before stopping


# ---------------------------------------------------------------------------
# Fixture HOME contents
# ---------------------------------------------------------------------------

BASHRC = r"""# rterm golden recorder .bashrc (fixed, minimal)
PS1='\[\e[1;32m\]golden\[\e[0m\]:\[\e[1;34m\]\w\[\e[0m\]\$ '
HISTFILE=~/.bash_history
HISTSIZE=1000
HISTFILESIZE=1000
unset PROMPT_COMMAND
shopt -s checkwinsize
"""

BASH_HISTORY = """ls -la
cat notes.txt
echo previous command from history
git status
"""

VIMRC = """" rterm golden recorder .vimrc (fixed, minimal)
set nocompatible
set noswapfile nobackup nowritebackup
set viminfo=
set ruler showcmd laststatus=1
set background=dark
syntax on
filetype plugin indent on
"""

NOTES = """rterm golden fixture notes
==========================

The quick brown fox jumps over the lazy dog.
Second paragraph: terminals are surprisingly subtle.
	An indented line (tab).
Last line.
"""

SAMPLE_C = r"""/* sample.c - a small C file for syntax highlighting */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 24
#define MAX_COLS 80

typedef struct {
    int row, col;
    unsigned char attrs;
} cursor_t;

static const char *greeting = "Hello, terminal!\n";

/* Move the cursor, clamping to the screen. */
static void move_to(cursor_t *c, int row, int col)
{
    if (row < 0) row = 0;
    if (row >= MAX_ROWS) row = MAX_ROWS - 1;
    c->row = row;
    c->col = col < 0 ? 0 : (col >= MAX_COLS ? MAX_COLS - 1 : col);
}

int main(int argc, char **argv)
{
    cursor_t cur = { 0, 0, 0 };
    for (int i = 1; i < argc; i++) {
        move_to(&cur, atoi(argv[i]), (int)strlen(argv[i]) * 2);
        printf("%d: row=%d col=%d\n", i, cur.row, cur.col);
    }
    fputs(greeting, stdout);
    return EXIT_SUCCESS;  // done
}
"""

SAMPLE_PY = '''#!/usr/bin/env python3
"""sample.py - a small Python file for syntax highlighting."""

import os
import sys
from dataclasses import dataclass

ROWS, COLS = 24, 80


@dataclass
class Cell:
    char: str = " "
    bold: bool = False
    fg: int | None = None


class Screen:
    """A toy screen buffer."""

    def __init__(self, rows=ROWS, cols=COLS):
        self.rows = rows
        self.cols = cols
        self.cells = [[Cell() for _ in range(cols)] for _ in range(rows)]

    def put(self, row, col, text):
        for i, ch in enumerate(text):
            if col + i < self.cols:
                self.cells[row][col + i] = Cell(ch)

    def dump(self):
        # Trailing spaces are trimmed.
        return "\\n".join("".join(c.char for c in r).rstrip() for r in self.cells)


if __name__ == "__main__":
    s = Screen()
    s.put(0, 0, f"hello {os.getpid()} {sys.argv[1:]!r}")
    print(s.dump())
'''


def long_text():
    words = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet "
             "kilo lima mike november oscar papa quebec romeo sierra tango").split()
    lines = []
    for i in range(1, 301):
        n = 3 + (i * 7) % 17
        body = " ".join(words[(i + k) % len(words)] for k in range(n))
        if i % 25 == 0:
            body += " -- this line is deliberately long so that it wraps past the eightieth column of the terminal"
        lines.append("%03d: %s" % (i, body))
    return "\n".join(lines) + "\n"


WIDE_TXT = (
    "CJK: \u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8 \u4e2d\u6587\u5b57\u7b26 \ud55c\uad6d\uc5b4\n"
    "Emoji: \U0001F600 \U0001F389 \U0001F680 \u2705 end\n"
    "Combining: e\u0301 a\u0308 n\u0303 Ame\u0301lie Zoe\u0308 cafe\u0301\n"
    # 'x' + 40 wide chars: the 40th does not fit in column 79 and wraps,
    # leaving column 79 of the first row blank.
    "x" + "\u6f22" * 40 + "|\n"
    # 45 wide chars: exactly 40 fit on the first row (80 columns).
    + "\u5b57" * 45 + "|\n"
    "Fullwidth: \uff21\uff22\uff23\uff11\uff12\uff13 halfwidth: \uff71\uff72\uff73\n"
)

SCROLL_SH = r"""# scroll-region demo: header/footer outside a DECSTBM region
printf '\033[H\033[2J'
printf '=== header row 1 (outside the region) ===\n'
printf 'row 2 also outside\n'
printf '\033[23;1H--- footer row 23 ---\033[24;1H=== footer row 24 (outside) ==='
printf '\033[3;20r'
printf '\033[3;1H'
i=1
while [ $i -le 30 ]; do printf 'scrolled line %02d\n' $i; i=$((i+1)); done
printf '\033[5;12r'
printf '\033[5;1H\033[2L** inserted A\n** inserted B'
printf '\033[12;1H\033[1M'
printf '\033[5;1H\033M** after reverse index'
printf '\033[2S'
printf '\033[1T'
printf '\033[r'
printf '\033[21;1H'
"""

DEC_SH = r"""# DEC special graphics via G0 (ESC ( 0) and via G1 + SO/SI
printf '\033[H\033[2J'
printf '\033(0lqqqqqqqqqqqqqqqqqqqqwqqqqqqqqqk\033(B\n'
printf '\033(0x\033(B G0 line drawing    \033(0x\033(B second  \033(0x\033(B\n'
printf '\033(0tqqqqqqqqqqqqqqqqqqqqnqqqqqqqqqu\033(B\n'
printf '\033(0x\033(B ascii ABC xyz 123  \033(0x\033(B col     \033(0x\033(B\n'
printf '\033(0mqqqqqqqqqqqqqqqqqqqqvqqqqqqqqqj\033(B\n'
printf '\033)0'
printf '\016lqqqqqqqqqqk\017 G1 via SO/SI\n'
printf '\016x\017  shifted \016x\017\n'
printf '\016mqqqqqqqqqqj\017\n'
printf 'symbols: \033(0`abcdefghijklmnopqrstuvwxyz{|}~\033(B end\n'
printf 'ascii:   `abcdefghijklmnopqrstuvwxyz{|}~\n'
printf 'mixed: \033(0lqk\033(B\342\224\200\033(0q\033(B plain q\n'
"""

def make_git_repo(repo):
    """A small repository with branches and merges; fixed dates and
    identities so that the commit hashes are identical on every run."""
    os.makedirs(repo)
    base = 1700000000
    counter = [0]

    def git(*args):
        counter[0] += 1
        t = "%d +0000" % (base + counter[0] * 3600)
        env = dict(os.environ, HOME=HOME, GIT_AUTHOR_NAME="Golden Tester",
                   GIT_AUTHOR_EMAIL="golden@example.com",
                   GIT_COMMITTER_NAME="Golden Tester",
                   GIT_COMMITTER_EMAIL="golden@example.com",
                   GIT_AUTHOR_DATE=t, GIT_COMMITTER_DATE=t,
                   GIT_CONFIG_NOSYSTEM="1", LANG="C.UTF-8", TZ="UTC")
        env.pop("GIT_DIR", None)
        subprocess.run(["git", "-C", repo] + list(args), env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def commit(fname, text, msg):
        with open(os.path.join(repo, fname), "a") as f:
            f.write(text + "\n")
        git("add", fname)
        git("commit", "-q", "-m", msg)

    git("init", "-q", "-b", "main")
    commit("README", "hello", "Initial commit")
    commit("README", "more docs", "Add documentation")
    git("checkout", "-q", "-b", "feature/parser")
    commit("parser.c", "int parse(void);", "Add parser skeleton")
    commit("parser.c", "/* csi */", "Parse CSI sequences")
    git("checkout", "-q", "main")
    commit("main.c", "int main(void);", "Add main")
    git("checkout", "-q", "-b", "bugfix/wrap")
    commit("wrap.c", "/* wrap */", "Fix pending wrap at right margin")
    git("checkout", "-q", "main")
    git("merge", "-q", "--no-ff", "-m", "Merge branch 'feature/parser'", "feature/parser")
    commit("main.c", "/* v2 */", "Use the parser")
    git("merge", "-q", "--no-ff", "-m", "Merge branch 'bugfix/wrap'", "bugfix/wrap")
    git("checkout", "-q", "-b", "topic/colors")
    commit("colors.c", "/* 256 */", "Support 256 colours")
    commit("colors.c", "/* rgb */", "Support truecolor")
    git("checkout", "-q", "main")
    commit("README", "release notes", "Release 0.1")
    git("tag", "v0.1")


def setup_home():
    if os.path.lexists(HOME):
        shutil.rmtree(HOME)
    os.makedirs(HOME)
    files = {
        ".bashrc": BASHRC,
        ".bash_history": BASH_HISTORY,
        ".vimrc": VIMRC,
        ".gitconfig": "[user]\n\tname = Golden Tester\n\temail = golden@example.com\n"
                      "[init]\n\tdefaultBranch = main\n[color]\n\tui = auto\n",
        "notes.txt": NOTES,
        "sample.c": SAMPLE_C,
        "sample.py": SAMPLE_PY,
        "long.txt": long_text(),
        "wide.txt": WIDE_TXT,
        "scroll.sh": SCROLL_SH,
        "dec.sh": DEC_SH,
    }
    for name, text in files.items():
        with open(os.path.join(HOME, name), "w", encoding="utf-8") as f:
            f.write(text)
    # A directory with many file types for `ls --color`.
    d = os.path.join(HOME, "tree")
    os.makedirs(os.path.join(d, "docs"))
    os.makedirs(os.path.join(d, "src"))
    os.makedirs(os.path.join(d, "shared"))
    os.chmod(os.path.join(d, "shared"), 0o777)
    os.makedirs(os.path.join(d, "tmp"))
    os.chmod(os.path.join(d, "tmp"), 0o1777)
    for name in ("archive.tar.gz", "image.png", "movie.mp4", "plain.txt",
                 "Makefile", "song.flac", "backup.zip"):
        open(os.path.join(d, name), "w").close()
    with open(os.path.join(d, "run.sh"), "w") as f:
        f.write("#!/bin/sh\necho run\n")
    os.chmod(os.path.join(d, "run.sh"), 0o755)
    os.symlink("plain.txt", os.path.join(d, "link-to-plain"))
    os.symlink("docs", os.path.join(d, "link-to-docs"))
    os.symlink("does-not-exist", os.path.join(d, "dangling"))
    os.mkfifo(os.path.join(d, "pipe"))
    make_git_repo(os.path.join(HOME, "repo"))


def session_env(extra):
    env = {
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "HOME": HOME,
        "PATH": PATH,
        "SHELL": "/bin/bash",
        "USER": os.environ.get("USER", "root"),
        "LOGNAME": os.environ.get("LOGNAME", os.environ.get("USER", "root")),
        "TZ": "UTC",
        "PAGER": "less",
        "MANPAGER": "less",
        "GIT_PAGER": "cat",
        "LESSHISTFILE": "-",
        "EDITOR": "vim",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    env.update(extra)
    return env


# ---------------------------------------------------------------------------
# Sessions
# ---------------------------------------------------------------------------

def cmd(text, after=1.0):
    """Type a shell command, press Enter, wait."""
    return [Type(text), ENTER, after]


SESSIONS = [
    Session("vim-edit-quit",
            "vim edits notes.txt, :wq, then cat the file; final screen is the shell",
            [0.6] + cmd("vim notes.txt", 1.5) +
            ["G", 0.2, "o", 0.2, Type("Added by the golden recorder."), 0.2, ESC, 0.3,
             "gg", 0.2, "A", Type(" (edited)"), ESC, 0.4,
             Type(":wq"), 0.2, ENTER, 1.0] + cmd("cat notes.txt", 0.8)),
    Session("vim-edit-open",
            "vim with an edited (unsaved) buffer, still open in normal mode",
            [0.6] + cmd("vim notes.txt", 1.5) +
            ["3G", 0.2, "dd", 0.3, "O", Type("Inserted line one."), ENTER,
             Type("Inserted line two, a bit longer than the first."), ESC, 0.3,
             "G", 0.2, "A", Type(" <-- appended"), ESC, 0.3, "2G", 0.2, "w", 0.5]),
    Session("vim-split",
            "vim with a horizontal :split of two files, still open",
            [0.6] + cmd("vim sample.py", 1.5) +
            [Type(":split notes.txt"), ENTER, 0.8, "jj", 0.3, ctrl("w") + "j", 0.3, "10j", 0.5]),
    Session("vim-vsplit",
            "vim with a :vsplit of two files, still open",
            [0.6] + cmd("vim notes.txt", 1.5) +
            [Type(":vsplit sample.c"), ENTER, 0.8, "15j", 0.4, ctrl("w") + "l", 0.3, "G", 0.5]),
    Session("vim-syntax-c",
            "vim showing sample.c with syntax highlighting and line numbers",
            [0.6] + cmd("vim sample.c", 1.5) +
            [Type(":set number"), ENTER, 0.4, "18G", 0.5]),
    Session("vim-syntax-py-scroll",
            "vim on sample.py, scrolled with Ctrl-E/Ctrl-D (vim uses a scroll region)",
            [0.6] + cmd("vim sample.py", 1.5) +
            [ctrl("e"), 0.2, ctrl("e"), 0.2, ctrl("e"), 0.3, ctrl("d"), 0.4, ctrl("y"), 0.5]),
    Session("less-pages",
            "less paging long.txt a few pages forward, a search, still open",
            [0.6] + cmd("less long.txt", 1.0) +
            [" ", 0.4, " ", 0.4, " ", 0.4, "b", 0.4, Type("/tango"), ENTER, 0.6, "n", 0.5]),
    Session("man-ls",
            "man ls through less, paged twice, still open",
            [0.6] + cmd("man ls", 2.5) + [" ", 0.5, " ", 0.6]),
    Session("htop-running",
            "htop still running",
            [0.6] + cmd("htop", 3.0), settle=0.4),
    Session("htop-quit",
            "htop started, then quit with q; final screen is the shell",
            [0.6] + cmd("htop", 2.5) + ["q", 1.0]),
    Session("top-refresh",
            "top -d 1 after a couple of refreshes, still running",
            [0.6] + cmd("top -d 1", 3.2), settle=0.4),
    Session("git-log-graph",
            "git log --graph --color --oneline --all --decorate (pager: cat)",
            [0.6] + cmd("cd repo", 0.4) + cmd("git log --graph --color --oneline --all --decorate", 1.0)),
    Session("git-log-less",
            "git log --graph --color through less -R, still open",
            [0.6] + cmd("cd repo", 0.4) + cmd("GIT_PAGER='less -R' git log --graph --color --stat", 1.2) +
            [" ", 0.6]),
    Session("nano-edit",
            "nano editing a new file, still open",
            [0.6] + cmd("nano draft.txt", 1.2) +
            [Type("Dear terminal,"), ENTER, ENTER,
             Type("This text was typed into nano by the golden recorder."), ENTER,
             Type("Tabs:\tone\ttwo"), ENTER, UP, 0.2, ctrl("k"), 0.3, ctrl("u"), 0.6]),
    Session("nano-save-exit",
            "nano edits notes.txt, saves with ^O, exits with ^X; shell again",
            [0.6] + cmd("nano notes.txt", 1.2) +
            [DOWN, DOWN, DOWN, 0.2, Type("Line typed in nano. "), 0.3,
             ctrl("o"), 0.6, ENTER, 0.6, ctrl("x"), 0.8] + cmd("head -5 notes.txt", 0.6)),
    Session("dialog-menu",
            "dialog --menu box (line drawing), cursor moved down twice",
            [0.6] + cmd("dialog --title 'Connect' --menu 'Choose a protocol:' 15 50 5 "
                        "ssh 'Secure Shell' mosh 'Mobile shell' telnet 'Telnet (insecure)' "
                        "serial 'Serial console' local 'Local shell'", 1.5) +
            [DOWN, 0.3, DOWN, 0.6]),
    Session("dialog-checklist",
            "dialog --checklist box, two items toggled, still open",
            [0.6] + cmd("dialog --checklist 'Terminal features:' 16 60 6 "
                        "utf8 'UTF-8 decoding' on sgr 'SGR colours' on "
                        "mouse 'Mouse reporting' off altscreen 'Alternate screen' off "
                        "osc52 'Clipboard (OSC 52)' off sixel 'Sixel graphics' off", 1.5) +
            [DOWN, DOWN, 0.2, " ", 0.3, DOWN, " ", 0.6]),
    Session("bash-readline",
            "bash readline: history recall with Up, Ctrl-R search, tab completion",
            [0.6] + cmd("echo one two three", 0.4) +
            [UP, 0.3, ctrl("a"), 0.2, Type("time "), 0.2, ENTER, 0.5,
             UP, 0.2, UP, 0.2, UP, 0.3, ENTER, 0.5,
             ctrl("r"), 0.2, Type("notes"), 0.4, ENTER, 0.5,
             Type("clear"), ENTER, 0.4,
             Type("ls sam"), TAB, 0.4, TAB, 0.4, TAB, 0.6, Type("p"), TAB, 0.3, ENTER, 0.5,
             Type("cat no"), TAB, 0.3, ENTER, 0.6]),
    Session("bash-long-line",
            "bash with a typed command longer than 80 columns (readline wrapping) and cursor movement",
            [0.6] + [Type("echo 'this is a long command line that wraps past the right margin of the terminal window, then keeps going for a while' | wc -c", per=0.015), 0.3,
                     ctrl("a"), 0.3, ESC + "f", ESC + "f", 0.3, ctrl("e"), 0.3, ENTER, 0.5,
                     Type("echo " + "0123456789" * 7 + "abcdefghi", per=0.01), ENTER, 0.5]),
    Session("ls-color",
            "ls --color=always in a directory of varied file types",
            [0.6] + cmd("cd tree", 0.3) + cmd("ls --color=always", 0.5) +
            cmd("ls -F --color=always", 0.5) + cmd("ls -1 --color=always | head -8", 0.6)),
    Session("python-repl",
            "python3 REPL with a loop, a traceback and history recall, still open",
            [0.6] + cmd("/usr/bin/python3", 1.2) +
            [Type("1 + 1"), ENTER, 0.3,
             Type("for i in range(4):"), ENTER, 0.2, Type("    print(i, '*' * i)"), ENTER, 0.2, ENTER, 0.4,
             Type("1/0"), ENTER, 0.4,
             Type("import sys; sys.version_info[:2]"), ENTER, 0.4,
             UP, 0.2, UP, 0.2, UP, 0.3]),
    Session("wide-chars",
            "CJK, emoji, combining marks and full-width text, including wraps at the margin",
            [0.6] + cmd("cat wide.txt", 0.5) +
            [Type("echo \u65e5\u672c\u8a9e \U0001F600 caf\u00e9"), 0.3, LEFT, LEFT, LEFT, 0.2, ctrl("e"), ENTER, 0.5]),
    Session("scroll-region",
            "DECSTBM scroll region with IL/DL/RI/SU/SD, header and footer outside the region",
            [0.6] + cmd("sh scroll.sh", 0.8)),
    Session("dec-graphics",
            "DEC special graphics through G0 (ESC ( 0) and G1 with SO/SI",
            [0.6] + cmd("sh dec.sh", 0.8)),
]

SESSIONS_BY_NAME = {s.name: s for s in SESSIONS}

# ---------------------------------------------------------------------------
# Recording
# ---------------------------------------------------------------------------


def expand_steps(steps):
    """Flatten into a list of (delay_before, bytes_or_None)."""
    out = []
    pending = 0.0
    for st in steps:
        if isinstance(st, (int, float)):
            pending += float(st)
        elif isinstance(st, Type):
            for ch in st.text:
                out.append((pending, ch.encode("utf-8")))
                pending = st.per
            pending = 0.05  # small gap after typed text
        elif isinstance(st, str):
            if st:
                out.append((pending, st.encode("utf-8")))
                pending = 0.05
        elif isinstance(st, bytes):
            out.append((pending, st))
            pending = 0.05
        elif isinstance(st, Cursor):
            out.append((pending, st))
            pending = 0.05
        else:
            raise TypeError("bad step %r" % (st,))
    out.append((pending, None))
    return out


DECSET_RE = re.compile(rb"\x1b\[\?([0-9;]*)([hl])")


def cursor_key_mode(output):
    """True if the last DECSET/DECRST of mode 1 (DECCKM) in output set it."""
    app = False
    for m in DECSET_RE.finditer(output):
        if b"1" in m.group(1).split(b";"):
            app = m.group(2) == b"h"
    return app


def session_pids(sid):
    """All processes whose session id is sid (the child we forked is a session
    leader, so this is everything it spawned that did not setsid itself)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        # fields[0]=state, [1]=ppid, [2]=pgrp, [3]=session
        if int(fields[3]) == sid:
            pids.append(int(entry))
    return pids


def kill_session(pid):
    deadline = time.monotonic() + 3.0
    while True:
        pids = session_pids(pid)
        if not pids:
            break
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
        if time.monotonic() > deadline:
            print("warning: could not kill session %d: %r" % (pid, pids), file=sys.stderr)
            break
        time.sleep(0.05)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def record(sess):
    setup_home()
    env = session_env(sess.env)
    argv = sess.argv or ["bash", "--noprofile", "--rcfile", os.path.join(HOME, ".bashrc"), "-i"]
    pid, fd = pty.fork()
    if pid == 0:  # child: stdin/stdout/stderr are the pty slave
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            attrs = termios.tcgetattr(0)
            attrs[0] |= getattr(termios, "IUTF8", 0)
            termios.tcsetattr(0, termios.TCSANOW, attrs)
            os.chdir(HOME)
            os.execvpe(argv[0], argv, env)
        except BaseException as e:  # noqa
            os.write(2, ("exec failed: %r\n" % (e,)).encode())
        os._exit(127)

    out = bytearray()
    alive = True

    def pump(duration, quiet=None, max_extra=3.0):
        """Read for `duration` seconds; if quiet is set, then keep reading until
        the program has been silent for `quiet` seconds (at most max_extra)."""
        nonlocal alive
        end = time.monotonic() + duration
        hard_end = end + (max_extra if quiet else 0)
        last = time.monotonic()
        while alive:
            now = time.monotonic()
            if now >= hard_end:
                break
            if now >= end and (quiet is None or now - last >= quiet):
                break
            timeout = (end - now) if now < end else (quiet - (now - last))
            timeout = max(0.0, min(timeout, hard_end - now))
            r, _, _ = select.select([fd], [], [], timeout)
            if r:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    alive = False
                    break
                out.extend(data)
                last = time.monotonic()

    try:
        steps = expand_steps(sess.steps)
        for i, (delay, data) in enumerate(steps):
            last_step = data is None
            pump(delay, quiet=sess.settle if last_step else None)
            if isinstance(data, Cursor):
                data = (b"\x1bO" if cursor_key_mode(out) else b"\x1b[") + data.final.encode()
            if data is not None and alive:
                view = memoryview(data)
                while view:
                    n = os.write(fd, view)
                    view = view[n:]
    finally:
        kill_session(pid)
        os.close(fd)
    return bytes(out)


# ---------------------------------------------------------------------------
# Rendering with tmux
# ---------------------------------------------------------------------------

# xterm's DEC Special Graphics set (ESC ( 0), 0x5f..0x7e.  0x5f is "blank".
DEC_SPECIAL = {
    "_": " ", "`": "\u25c6", "a": "\u2592", "b": "\u2409", "c": "\u240c",
    "d": "\u240d", "e": "\u240a", "f": "\u00b0", "g": "\u00b1", "h": "\u2424",
    "i": "\u240b", "j": "\u2518", "k": "\u2510", "l": "\u250c", "m": "\u2514",
    "n": "\u253c", "o": "\u23ba", "p": "\u23bb", "q": "\u2500", "r": "\u23bc",
    "s": "\u23bd", "t": "\u251c", "u": "\u2524", "v": "\u2534", "w": "\u252c",
    "x": "\u2502", "y": "\u2264", "z": "\u2265", "{": "\u03c0", "|": "\u2260",
    "}": "\u00a3", "~": "\u00b7",
}


def decode_capture_e(text):
    """Turn `tmux capture-pane -e -p` output into plain lines with DEC special
    graphics converted.

    tmux stores a cell printed while the DEC graphics set is active as the
    ASCII byte plus a CHARSET attribute; plain capture-pane prints just the
    ASCII letter.  With -e, tmux emits SO (0x0e) when the CHARSET attribute
    turns on and SI (0x0f) when it turns off (state carries across lines,
    like SGR), plus SGR sequences.  We track SO/SI, drop all escape sequences,
    and map 0x5f..0x7e in CHARSET cells through DEC_SPECIAL."""
    lines = []
    cur = []
    acs = False
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\x0e":
            acs = True
            i += 1
        elif c == "\x0f":
            acs = False
            i += 1
        elif c == "\x1b":
            if i + 1 < n and text[i + 1] == "[":
                j = i + 2
                while j < n and not ("\x40" <= text[j] <= "\x7e"):
                    j += 1
                i = j + 1
            elif i + 1 < n and text[i + 1] == "]":
                j = i + 2
                while j < n and text[j] != "\x07" and not (text[j] == "\x1b" and j + 1 < n and text[j + 1] == "\\"):
                    j += 1
                i = j + (1 if j < n and text[j] == "\x07" else 2)
            else:
                i += 2
        elif c == "\n":
            lines.append("".join(cur).rstrip(" "))
            cur = []
            i += 1
        else:
            if acs and c in DEC_SPECIAL:
                c = DEC_SPECIAL[c]
            cur.append(c)
            i += 1
    if cur:
        lines.append("".join(cur).rstrip(" "))
    return lines


class Tmux:
    def __init__(self):
        self.sock = "rterm-golden-%d" % os.getpid()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
        self.env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", SHELL="/bin/sh")
        self.started = False
        self.socket_path = ""
        self.tmpdir = tempfile.mkdtemp(prefix="rterm-golden-render-")
        self.counter = 0

    def run(self, *args, check=True):
        p = subprocess.run(["tmux", "-u", "-L", self.sock, "-f", "/dev/null"] + list(args),
                           env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if check and p.returncode != 0:
            raise RuntimeError("tmux %s failed: %s" % (" ".join(args), p.stderr.decode(errors="replace")))
        return p.stdout.decode("utf-8", errors="replace")

    def start(self):
        # A placeholder session keeps the server alive while we switch the
        # status line off globally, so every replay pane is created at 80x24
        # and never resized (a resize would reflow the content).
        self.started = True  # from here on, stop() must kill-server
        self.run("new-session", "-d", "-s", "keepalive", "-x", str(COLS), "-y", str(ROWS),
                 "sleep", "100000", ";", "set-option", "-g", "status", "off")
        self.socket_path = self.run("display-message", "-p", "#{socket_path}").strip()

    def stop(self):
        if self.started:
            self.run("kill-server", check=False)
            self.started = False
            # tmux leaves its socket file behind; remove ours (only ours).
            sp = getattr(self, "socket_path", "")
            if sp and os.path.basename(sp) == self.sock:
                try:
                    os.unlink(sp)
                except OSError:
                    pass
        shutil.rmtree(self.tmpdir, ignore_errors=True)

    def render(self, bytes_path):
        self.counter += 1
        name = "r%d" % self.counter
        marker = os.path.join(self.tmpdir, name + ".done")
        script = 'stty raw -echo; cat "$1"; : > "$2"; exec sleep 100000'
        self.run("new-session", "-d", "-s", name, "-x", str(COLS), "-y", str(ROWS),
                 "sh", "-c", script, "sh", os.path.abspath(bytes_path), marker)
        try:
            size = self.run("display-message", "-p", "-t", name, "#{pane_width}x#{pane_height}").strip()
            if size != "%dx%d" % (COLS, ROWS):
                raise RuntimeError("pane size is %s, expected %dx%d" % (size, COLS, ROWS))
            deadline = time.monotonic() + 30
            while not os.path.exists(marker):
                if time.monotonic() > deadline:
                    raise RuntimeError("replay of %s did not finish" % bytes_path)
                time.sleep(0.05)
            # Poll until the capture stops changing.
            prev, stable = None, 0
            while stable < 4:
                time.sleep(0.15)
                cap = self.run("capture-pane", "-p", "-e", "-t", name)
                cur = self.run("display-message", "-p", "-t", name, "#{cursor_y},#{cursor_x}").strip()
                state = (cap, cur)
                stable = stable + 1 if state == prev else 0
                prev = state
                if time.monotonic() > deadline:
                    raise RuntimeError("capture of %s never settled" % bytes_path)
        finally:
            self.run("kill-session", "-t", name, check=False)
        cap, cur = prev
        lines = decode_capture_e(cap)
        if len(lines) != ROWS:
            raise RuntimeError("capture has %d lines, expected %d" % (len(lines), ROWS))
        y, x = (int(v) for v in cur.split(","))
        x = min(x, COLS - 1)
        return "".join(l + "\n" for l in lines) + "cursor=%d,%d\n" % (y, x)


# ---------------------------------------------------------------------------
# Pending-wrap check
#
# After a character is printed in the last column, xterm keeps the cursor in
# column 79 with a "wrap pending" flag, while tmux moves its cursor to column 80
# (off the screen).  The two agree on what is printed next, but not on
# BS, CUB, EL 0, ED 0, ECH, DCH, ICH, TAB... issued in that state: e.g. EL
# erases column 79 in xterm and nothing in tmux, BS lands on column 78 in xterm
# and on 79 in tmux.  Also tmux's BS at column 0 goes back to the end of the
# previous line if that line wrapped (xterm does that only with reverse-wrap
# on).  This rough column tracker flags such spots so a fixture whose expected
# screen might not be what xterm shows gets noticed.
# ---------------------------------------------------------------------------

CSI_RE = re.compile(r"\x1b\[([<=>?]?)([0-9;:]*)([ -/]*)([@-~])")


def char_width(ch):
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def pending_wrap_warnings(data):
    text = data.decode("utf-8", errors="replace")
    cx, last, saved, alt_saved, awm = 0, " ", 0, 0, True
    warnings = []
    i, n = 0, len(text)

    def warn(what):
        warnings.append("%s at offset %d (%r)" % (what, i, text[max(0, i - 30):i + 10]))

    while i < n:
        c = text[i]
        if c == "\x1b":
            nxt = text[i + 1] if i + 1 < n else ""
            if nxt == "[":
                m = CSI_RE.match(text, i)
                if not m:
                    i += 1
                    continue
                pfx, params, inter, fin = m.groups()
                ps = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else [0]
                p0 = ps[0]
                if pfx == "?" and fin in "hl":
                    for p in ps:
                        if p == 7:
                            awm = fin == "h"
                        elif p in (1048, 1049):
                            if fin == "h":
                                alt_saved = cx
                            else:
                                cx = alt_saved
                elif pfx == "" and inter == "":
                    if fin in "Hf":
                        cx = min(max(ps[1] if len(ps) > 1 else 0, 1), COLS) - 1
                    elif fin in "G`":
                        cx = min(max(p0, 1), COLS) - 1
                    elif fin == "C":
                        if cx == COLS:
                            warn("CUF in pending-wrap state")
                        cx = min(cx + max(p0, 1), COLS - 1)
                    elif fin == "D":
                        if cx == COLS:
                            warn("CUB in pending-wrap state")
                        cx = max(cx - max(p0, 1), 0)
                    elif fin in "KJ":
                        if cx == COLS and p0 == 0 and last != " ":
                            warn("%s 0 in pending-wrap state, last column %r" % ("EL" if fin == "K" else "ED", last))
                    elif fin in "XP@bIZABed":
                        if cx == COLS:
                            warn("CSI %s in pending-wrap state" % fin)
                    elif fin == "r":
                        cx = 0
                    elif fin == "s":
                        saved = cx
                    elif fin == "u":
                        cx = saved
                i = m.end()
                continue
            if nxt and nxt in "]P_^X":  # string controls
                j = i + 2
                while j < n and text[j] != "\x07" and not (text[j] == "\x1b" and j + 1 < n and text[j + 1] == "\\"):
                    j += 1
                i = j + (1 if j < n and text[j] == "\x07" else 2)
                continue
            if nxt and nxt in "()*+#%":
                i += 3
                continue
            if nxt == "7":
                saved = cx
            elif nxt == "8":
                cx = saved
            elif nxt in ("E", "c"):
                cx = 0
            i += 2
            continue
        if c == "\r":
            cx = 0
        elif c == "\b":
            if cx == COLS:
                warn("BS in pending-wrap state")
            elif cx == 0:
                warn("BS at column 0 (tmux may reverse-wrap)")
            cx = max(cx - 1, 0)
        elif c == "\t":
            if cx == COLS:
                warn("TAB in pending-wrap state")
            cx = min((cx // 8 + 1) * 8, COLS - 1)
        elif ord(c) >= 0x20 and ord(c) != 0x7f:
            w = char_width(c)
            if w:
                if cx + w > COLS:
                    if not awm:
                        warn("printing at the margin with DECAWM off")
                    cx = 0
                cx += w
                last = c
        i += 1
    return warnings


# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="session names (default: all)")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--record-only", action="store_true")
    g.add_argument("--render-only", action="store_true",
                   help="only regenerate NAME.screen from existing NAME.bytes")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--out", default=FIXTURES, help="fixture directory")
    args = ap.parse_args()

    if args.list:
        for s in SESSIONS:
            print("%-22s %s" % (s.name, s.desc))
        return 0

    if args.render_only and not args.names:
        names = sorted(f[:-6] for f in os.listdir(args.out) if f.endswith(".bytes"))
    else:
        names = args.names or [s.name for s in SESSIONS]
    for n in names:
        if n not in SESSIONS_BY_NAME and not args.render_only:
            ap.error("unknown session %r (see --list)" % n)

    os.makedirs(args.out, exist_ok=True)

    # Make SIGTERM/SIGHUP unwind through the finally blocks (tmux cleanup).
    def on_signal(signum, frame):
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    if not args.render_only:
        try:
            for n in names:
                data = record(SESSIONS_BY_NAME[n])
                path = os.path.join(args.out, n + ".bytes")
                with open(path, "wb") as f:
                    f.write(data)
                warn = "  (WARNING: over %d bytes)" % MAX_BYTES if len(data) > MAX_BYTES else ""
                print("recorded %-22s %7d bytes%s" % (n, len(data), warn))
        finally:
            if os.path.lexists(HOME):
                shutil.rmtree(HOME, ignore_errors=True)

    if not args.record_only:
        tm = Tmux()
        try:
            tm.start()
            for n in names:
                bpath = os.path.join(args.out, n + ".bytes")
                screen = tm.render(bpath)
                with open(os.path.join(args.out, n + ".screen"), "w", encoding="utf-8") as f:
                    f.write(screen)
                print("rendered %-22s cursor %s" % (n, screen.rsplit("cursor=", 1)[1].strip()))
                with open(bpath, "rb") as f:
                    for w in pending_wrap_warnings(f.read()):
                        print("  WARNING %s: %s (tmux and xterm may differ here)" % (n, w))
        finally:
            tm.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
