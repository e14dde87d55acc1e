"""English words for the one relation nearly every organisation's graph has: who is over whom.

A graph names it once (``SUPERVISES``, ``MANAGES``, ``REPORTS_TO``); analysts say it every way English allows:
"who reports to X", "X's boss", "X's line manager", "X's direct reports", "who does X answer to". No label or
property carries those words, and WordNet does not tie "report to" to "supervise", so they are listed here — the
vocabulary of a reporting line, not of any one graph. They apply only to a self-relation (same type both ends)
whose own verb is one of the line's verbs, and a word is added only where no other relation of the graph has it.
"""

from __future__ import annotations

# Verb heads (stems) whose subject is the one above: SUPERVISES, MANAGES, OVERSEES, LEADS, HEADS, DIRECTS, COMMANDS
SUPERIOR_HEADS = ("supervis", "manag", "oversee", "overse", "lead", "head", "direct", "command", "boss")
# Verb heads whose subject is the one below: REPORTS_TO, ANSWERS_TO
SUBORDINATE_HEADS = ("report", "answer")
# Phrases said with the one above as subject, and with the one below as subject
SUPERIOR_VERBS = ("supervises", "supervise", "supervised", "manages", "manage", "managed", "oversees", "oversee",
                  "oversaw", "overseen")
SUPERIOR_PASSIVE = ("supervised by", "managed by", "overseen by")  # said with the one below as subject
SUBORDINATE_VERBS = ("reports to", "report to", "reporting to", "reported to", "answers to", "answer to")
# Nouns for the one above, and for the ones below ("X's boss", "X's direct reports")
SUPERIOR_NOUNS = frozenset({"supervisor", "boss", "manager", "superior", "overseer", "line manager",
                            "reporting manager"})
SUBORDINATE_NOUNS = frozenset({"report", "direct report", "subordinate", "underling", "supervisee", "managee"})


def side_of(edge_name: str) -> str | None:
    """"superior" when the edge's source is the one above (SUPERVISES), "subordinate" when it is the one below
    (REPORTS_TO), None for any other relation name."""
    words = edge_name.lower().split("_")
    side = ("subordinate" if any(words[0].startswith(h) for h in SUBORDINATE_HEADS)
            else "superior" if any(words[0].startswith(h) for h in SUPERIOR_HEADS) else None)
    if side is not None and len(words) > 1 and words[-1] == "by":  # SUPERVISED_BY: the source is the one below
        side = "subordinate" if side == "superior" else "superior"
    return side


def line_verbs(edge_name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(forward, reverse) verb phrases a reporting line adds to a self-relation: forward said with the edge's
    source as subject, reverse with its target as subject. Empty for a relation that is no reporting line."""
    side = side_of(edge_name)
    if side == "superior":
        return SUPERIOR_VERBS, SUBORDINATE_VERBS + SUPERIOR_PASSIVE
    if side == "subordinate":
        return SUBORDINATE_VERBS + SUPERIOR_PASSIVE, SUPERIOR_VERBS
    return (), ()


def noun_side(word: str) -> str | None:
    """"superior" for "boss", "manager" …; "subordinate" for "reports", "subordinates" …; else None."""
    w = word.lower()
    singular = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    if singular in SUPERIOR_NOUNS:
        return "superior"
    if singular in SUBORDINATE_NOUNS:
        return "subordinate"
    return None
