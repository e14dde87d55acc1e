"""The offline reader: the default generator, a general extractive answerer.

It reads ONLY the prompt it is handed (question + context), exactly as an LLM would; it never queries the store,
so comparing pipelines with it still compares retrieval alone. How it answers:
1. The answer form comes from the question's wording (count, yes/no, list of a type, a value; core.llm.forms) and
   the ontology's type nouns (which type a list asks for).
2. When the context has a line "Computed from the graph: ..." it answers from the best such line.
3. Otherwise it ranks context lines by word overlap with the question and extracts entity ids of the asked type
   (lists, counts of distinct ids), yes/no from co-mention, or the best sentence (values).
4. When nothing supports an answer it says "Not found in the provided context." rather than guessing.
Deterministic: same prompt, same answer.
"""

from __future__ import annotations

import re

from core.llm.forms import answer_form, content_words
from core.llm.tokens import count_tokens
from core.records import COMPUTED_PREFIX, UNSURE_PREFIX, Generation, Prompt, Usage
from core.schema import ENTITY_ID_RE, type_nouns, type_of_id

NOT_FOUND = "Not found in the provided context."
COMPUTED = COMPUTED_PREFIX
_WORD = re.compile(r"[a-z0-9]+")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[])|\n")
_SOURCE = re.compile(r"^\[[^\]]+\]\s*")  # the "[DOC-00012#0] " prefix of a chunk line


def _words(text: str) -> set[str]:
    return content_words(text)


def _asked_type(question: str) -> str | None:
    """The first type noun in the question that is not just naming an id's own type."""
    low = " " + " ".join(_WORD.findall(question.lower())) + " "
    best: tuple[int, str] | None = None
    id_types = {type_of_id(i) for i in ENTITY_ID_RE.findall(question)}
    for noun, tname in type_nouns().items():
        pos = low.find(f" {noun} ")
        if pos >= 0 and tname not in id_types and (best is None or pos < best[0]):
            best = (pos, tname)
    if best is None and re.search(r"\bwho\b", question.lower()):
        return "Employee"
    return best[1] if best else None


class OfflineReader:
    name = "offline-reader"

    @classmethod
    def from_settings(cls, settings) -> OfflineReader:
        return cls()

    def count_tokens(self, text: str) -> int:
        return count_tokens(text)

    def generate(self, prompt: Prompt) -> Generation:
        text = self.answer(prompt.question, prompt.context)
        usage = Usage(
            prompt_tokens=count_tokens(prompt.system) + count_tokens(prompt.user_message()),
            completion_tokens=count_tokens(text),
            calls=1,
            counted_locally=True,
        )
        return Generation(text, usage, self.name)

    def complete_json(self, system: str, user: str) -> Generation:
        # The offline reader cannot plan, rerank or judge; callers fall back to their rule-based path.
        return Generation("", Usage(count_tokens(system) + count_tokens(user), 0, 1, True), self.name)

    # ---- answering --------------------------------------------------------------------------------------------

    def answer(self, question: str, context: str) -> str:
        lines = [ln.strip() for ln in context.splitlines() if ln.strip()]
        if not lines:
            return NOT_FOUND
        form = answer_form(question)
        computed = [ln[len(COMPUTED) :].strip() for ln in lines if ln.startswith(COMPUTED)]
        if computed:
            return self._from_computed(form, computed[0])
        text_lines = [ln for ln in lines if not ln.startswith(UNSURE_PREFIX)]
        answer = self._from_text(form, question, text_lines)
        if len(text_lines) < len(lines):
            # The graph planner did not understand the whole question: never present a text guess as exact.
            hint = "" if answer == NOT_FOUND else f" From the passages: {answer}"
            return f"Not sure — the exact answer cannot be determined from the graph.{hint}"
        return answer

    def _from_computed(self, form: str, fact: str) -> str:
        low = fact.lower()
        if low.startswith("not found"):
            return "Not found: " + fact.split("—", 1)[-1].strip()
        m = re.match(r"count = (\d+)", fact)
        if m:  # an exact count answers the question whatever its wording
            return f"{m.group(1)}. ({fact})"
        if low.startswith(("yes", "no ")) or low.startswith("no —"):
            return fact[0].upper() + fact[1:]
        m = re.search(r"\);\s*(.+ has (?:more|fewer))\.$", fact) or re.search(r"\);\s*(they are tied at \d+)\.$", fact)
        if m:
            return m.group(1)[0].upper() + m.group(1)[1:] + "."
        if " = " in fact and not low.startswith("count"):
            value = fact.split(" = ", 1)[1].split(" (over ", 1)[0]
            return value.rstrip(".")
        if low.startswith("none"):
            return "None. " + fact
        # lists: what follows the explanatory parenthesis
        m = re.search(r"\)(?::\s*)(.+)$", fact)
        if m:
            return m.group(1).rstrip(".")
        return fact

    def _ranked(self, question: str, lines: list[str]) -> list[tuple[float, str, str]]:
        """(score, sentence, the whole line it came from), best first."""
        q = _words(question)
        q_ids = set(ENTITY_ID_RE.findall(question))
        rows = []
        for order, line in enumerate(lines):
            body = _SOURCE.sub("", line)
            line_ids = set(ENTITY_ID_RE.findall(line))
            for sent in _SENT.split(body):
                w = _words(sent)
                score = len(q & w) / (len(q) or 1) + 0.5 * len(q_ids & set(ENTITY_ID_RE.findall(sent)))
                score += 0.25 * bool(q_ids & line_ids)  # the passage is about the question's entity
                rows.append((score - order * 1e-4, sent, line))
        rows.sort(key=lambda r: -r[0])
        return rows

    def _from_text(self, form: str, question: str, lines: list[str]) -> str:
        q_ids = set(ENTITY_ID_RE.findall(question))
        ranked = self._ranked(question, lines)
        if form in ("count", "list", "portfolio", "compare"):
            asked = _asked_type(question)
            found: list[str] = []
            for score, sent, line in ranked:
                # Ids count when the passage they sit in is about the question's entities (as a reader would take it).
                if score <= 0 or (q_ids and not q_ids & set(ENTITY_ID_RE.findall(line))):
                    continue
                for i in ENTITY_ID_RE.findall(sent):
                    if i not in q_ids and i not in found and (asked is None or type_of_id(i) == asked):
                        found.append(i)
            if found:
                if form == "count":
                    return f"{len(found)}. (distinct {asked or 'entities'} mentioned with the question's entities)"
                return "; ".join(found)
            if form == "count" or asked is not None:
                return NOT_FOUND
        if form == "yesno":
            if len(q_ids) >= 2 and any(q_ids <= set(ENTITY_ID_RE.findall(line)) for _, _, line in ranked):
                return "Yes. The context mentions them together."
            return NOT_FOUND
        for score, sent, line in ranked:
            if score < 0.34:
                break
            # A value about a named entity must come from a passage about that entity.
            if not q_ids or q_ids & set(ENTITY_ID_RE.findall(line)):
                return sent.strip()
        return NOT_FOUND
