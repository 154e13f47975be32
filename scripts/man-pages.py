#!/usr/bin/env python3
"""Finishes the man pages swift-argument-parser's generate-manual plugin wrote for lodestar.

    man-pages.py LODESTAR GENERATED_DIR OUTPUT_DIR

The plugin writes one mdoc page per command from `lodestar --experimental-dump-help`: the name,
synopsis, the command's discussion and its options. Everything a page says comes from there, so
from the text `--help` shows; this script only gives that text mdoc's structure:

- A paragraph of the discussion that begins "Example:" or "Examples:", "Exit status:" or
  "EXIT STATUS", "Files:" or "See also:" becomes that section of the page (EXAMPLES, EXIT STATUS,
  FILES, SEE ALSO), in mdoc's order; the generator's generic EXIT STATUS text (.Ex -std) stays
  only on pages whose command has no exit status paragraph. "name(N)" in a See also paragraph
  becomes a cross reference, after the generator's references to the subcommands' pages.
- A blank line is a paragraph break (.Pp); indented lines (examples, tables) are a literal
  display (.Bd -literal).
- The generator drops characters outside ASCII (m², ±, °, σ); they are put back from the
  command's own text, as groff escapes.
- NAME gives the page's name (lodestar.ride.list), one word as whatis(1) wants; SYNOPSIS the
  command as typed (lodestar ride list).
- The page of the `help` pseudo-command is left out.
"""

import json
import os
import re
import subprocess
import sys

SECTION_PARAGRAPHS = [
    (re.compile(r"^(Files):\s*"), "FILES"),
    (re.compile(r"^(Exit status|EXIT STATUS)\b[^:]*:\s*"), "EXIT STATUS"),
    (re.compile(r"^(Examples?):\s*"), "EXAMPLES"),
    (re.compile(r"^(See also):\s*"), "SEE ALSO"),
]
# Marks a line the generator wrote as a macro, apart from text that happens to begin with a dot.
MACRO = "\0"
SECTION_ORDER = ["FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]


def ascii_only(text):
    return "".join(c for c in text if c.isascii())


def escape(line):
    """A text line as mdoc input: backslashes, a leading dot or apostrophe, non-ASCII."""
    out = line.replace("\\", "\\e")
    out = "".join(c if c.isascii() else "\\[u%04X]" % ord(c) for c in out)
    if out.startswith((".", "'")):
        out = "\\&" + out
    return out


def original_lines(dump):
    """Every line of every text in the dump, keyed by what the generator leaves of it."""
    lines = {}

    def add(text):
        for line in (text or "").split("\n"):
            if not line.isascii():
                lines[ascii_only(line)] = line

    def walk(command):
        add(command.get("abstract"))
        add(command.get("discussion"))
        for argument in command.get("arguments") or []:
            add(argument.get("abstract"))
            add(argument.get("discussion"))
        for sub in command.get("subcommands") or []:
            walk(sub)

    walk(dump["command"])
    return lines


def literal(block):
    """Indented lines as a literal display, their common indentation removed."""
    indent = min(len(l) - len(l.lstrip(" ")) for l in block if l.strip())
    return [".Bd -literal -offset indent"] + [escape(l[indent:]) for l in block] + [".Ed"]


def text(lines):
    """Raw lines as mdoc: a blank line is .Pp, a run of indented lines a literal display, and
    macro lines (MACRO + line, from the generator) as they are."""
    out, run = [], []
    for line in lines + [None]:
        if line is not None and line.startswith(" ") and line.strip():
            run.append(line)
            continue
        if run:
            out += literal(run)
            run = []
        if line is None:
            break
        if line.startswith(MACRO):
            out.append(line[len(MACRO):])
        elif not line.strip():
            out.append(".Pp")
        else:
            out.append(escape(line))
    return out


def see_also(lines):
    """'name(N), name(N)' as cross references."""
    refs = re.findall(r"([A-Za-z][\w.+-]*)\((\d)\)", " ".join(lines))
    return [".Xr %s %s" % ref for ref in refs]


def unescape(line):
    """A text line the generator wrote, as the text it came from."""
    return re.sub(r"^\\&", "", line).replace("\\e", "\\")


def finish(page, restore):
    # Macro lines keep a MACRO mark; text lines are turned back into the command's own text.
    lines = [MACRO + l if l.startswith(".") else restore.get(unescape(l), unescape(l))
             for l in page.rstrip("\n").split("\n")]
    # The discussion: the text between .Sh DESCRIPTION and the option list (or the next section).
    start = lines.index(MACRO + ".Sh DESCRIPTION") + 1
    end = start
    while end < len(lines) and not lines[end].startswith((MACRO + ".Bl", MACRO + ".Sh")):
        end += 1
    paragraphs, current = [], []
    for line in lines[start:end]:
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)

    kept, sections = [], {}
    for paragraph in paragraphs:
        for pattern, section in SECTION_PARAGRAPHS:
            match = pattern.match(paragraph[0])
            if match:
                first = paragraph[0][match.end():]
                body = ([first] if first.strip() else []) + paragraph[1:]
                sections.setdefault(section, []).append(body)
                break
        else:
            kept.append(paragraph)

    description = []
    for paragraph in kept:
        if description:
            description.append(".Pp")
        description += text(paragraph)

    # The option list, then the generator's own sections, which are replaced or joined.
    i = end
    while i < len(lines) and not lines[i].startswith(MACRO + ".Sh"):
        i += 1
    options = text(lines[end:i])
    generated, current = {}, None
    for line in lines[i:]:
        if line.startswith(MACRO + ".Sh"):
            current = line[len(MACRO) + 4:].strip('"')
            generated[current] = []
        elif line.strip():
            generated[current].append(line[len(MACRO):] if line.startswith(MACRO) else escape(line))

    out = [l[len(MACRO):] for l in lines[:start]]
    # NAME: the page's name, "lodestar.ride.list", as whatis and lexgrog want one word; the
    # synopsis keeps the command as typed, "lodestar ride list". The description unquoted.
    name = re.match(r'^\.Nm "?([^"]*)"?$', out[out.index(".Sh NAME") + 1]).group(1)
    if " " in name:
        out[out.index(".Sh NAME") + 1] = ".Nm " + name.replace(" ", ".")
        synopsis = out.index(".Sh SYNOPSIS") + 1
        out[synopsis:] = ['.Nm "%s"' % name if l == ".Nm" else l for l in out[synopsis:]]
    out = [re.sub(r'^\.Nd "(.*)"$', r".Nd \1", l) for l in out]
    out += description
    if description and options:
        out.append(".Pp")
    out += options
    for section in SECTION_ORDER:
        body = []
        if section == "SEE ALSO":
            refs = [l.rstrip(" ,") for l in generated.get(section, []) if l.startswith(".Xr")]
            refs = [r for r in refs if r != ".Xr lodestar.help 1"]
            for paragraph in sections.get(section, []):
                refs += [r for r in see_also(paragraph) if r not in refs]
            body = [r + (" ," if n < len(refs) - 1 else "") for n, r in enumerate(refs)]
        else:
            for paragraph in sections.get(section, []):
                if body:
                    body.append(".Pp")
                body += text(paragraph)
        if section == "EXIT STATUS" and not body:
            body = generated.get(section, [])
        if body:
            out += ['.Sh "%s"' % section if " " in section else ".Sh " + section] + body
    for section, body in generated.items():
        if section not in SECTION_ORDER and section not in ("NAME", "SYNOPSIS", "DESCRIPTION"):
            out += [".Sh " + section] + body
    return "\n".join(out) + "\n"


def main():
    binary, generated, output = sys.argv[1:4]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    restore = original_lines(dump)
    os.makedirs(output, exist_ok=True)
    names = sorted(n for n in os.listdir(generated) if n.endswith(".1") and n != "lodestar.help.1")
    if "lodestar.1" not in names:
        sys.exit("man-pages.py: no lodestar.1 in %s" % generated)
    for name in names:
        with open(os.path.join(generated, name), encoding="utf-8") as f:
            page = finish(f.read(), restore)
        with open(os.path.join(output, name), "w", encoding="utf-8") as f:
            f.write(page)
    print("man-pages.py: %d pages in %s" % (len(names), output))


if __name__ == "__main__":
    main()
