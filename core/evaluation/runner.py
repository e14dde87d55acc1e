"""``run_eval``: every question of a suite through every pipeline with one generator, judged, summarised.

Crash-safe and resumable: each finished (question, pipeline) row is appended to OUT/results.jsonl and flushed
before the next one starts; a rerun into the same OUT skips finished pairs. Answers are also cached across runs
(``cache.AnswerCache``) under a fingerprint of everything that shapes an answer. A pipeline's ``ValueError`` (a
question it rejects) is recorded as an error row judged FAIL; any other exception stops the run with the finished
rows kept, and the same command resumes it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from core.evaluation import report
from core.evaluation.cache import AnswerCache, cache_key
from core.evaluation.context_metrics import Mentions, Support, context_metrics, load_context_scorer
from core.evaluation.judges import StructuredJudge
from core.evaluation.metrics import ordered_pipelines, summarize
from core.pipelines import PIPELINES, needs_store, validate_names  # the one registry
from core.records import Answer, Question

if TYPE_CHECKING:
    from core.config import Settings

JUDGES = ("structured", "llm", "both")
CORE_DIR = Path(__file__).resolve().parents[1]
# Code whose changes do not change answers, so editing it keeps the cache warm: this package, CLI glue and plots.
_CODE_EXCLUDE = ("evaluation", "commands", "commands.py", "viz.py", "cli.py")

ProgressFn = Callable[[int, int, dict[str, Any]], None]


class Pipeline(Protocol):
    def answer(self, question: str) -> Answer: ...


class RunConflict(ValueError):
    """OUT already holds results of a different run configuration."""


# ---- configuration fingerprint ------------------------------------------------------------------------------------


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with Path(path).open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def code_sha256(root: Path = CORE_DIR) -> str:
    """Hash of the answering code (every core/**/*.py except ``_CODE_EXCLUDE``), so a code change is a cache miss."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in _CODE_EXCLUDE or path.name in _CODE_EXCLUDE:
            continue
        h.update(rel.as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def manifest_sha256(data_dir: Path) -> str:
    from core.dataset.io import MANIFEST

    path = Path(data_dir) / MANIFEST
    if not path.exists():
        raise FileNotFoundError(
            f"{path} not found: generate the dataset first (hoplens generate --out {data_dir}) or pass --data DIR"
        )
    return file_sha256(path)


def run_config(settings: Settings, suite: str, judge: str, generator_name: str, embedder_name: str,
               data_dir: Path, backend: str | None = None) -> dict[str, Any]:
    """The run's configuration as written into summary.json (``created_at`` added by the caller)."""
    return {
        "suite": suite,
        "generator": generator_name,
        "embedder": embedder_name,
        "backend": backend or settings.backend,
        "context_budget": settings.context_budget,
        "top_k": settings.top_k,
        "hops": settings.hops,
        "fanout": settings.fanout,
        "max_subgraph_nodes": settings.max_subgraph_nodes,
        "llm_planner": settings.llm_planner,
        "llm_rerank": settings.llm_rerank,
        "temperature": settings.temperature,
        "max_output_tokens": settings.max_output_tokens,
        "dataset_manifest_sha256": manifest_sha256(data_dir),
        "code_sha256": code_sha256(),
        "judge": judge,
    }


# Keys of run_config that do not change an answer (excluded from the cache fingerprint).
_NOT_ANSWER_KEYS = ("suite", "judge", "created_at")


def answer_fingerprint(config: Mapping[str, Any]) -> str:
    shaping = {k: v for k, v in sorted(config.items()) if k not in _NOT_ANSWER_KEYS}
    return hashlib.sha256(json.dumps(shaping, sort_keys=True, default=str).encode()).hexdigest()


def run_identity(config: Mapping[str, Any]) -> str:
    """What must match to resume into an existing OUT: the answer fingerprint plus suite and judge."""
    ident = {"answers": answer_fingerprint(config), "suite": config["suite"], "judge": config["judge"]}
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()


# ---- rows -------------------------------------------------------------------------------------------------------


def answer_fields(answer: Answer) -> dict[str, Any]:
    """The answer part of a result row (what the cache stores)."""
    t = answer.timings
    sg = answer.subgraph
    return {
        "answer": answer.text,
        "prompt_tokens": int(answer.usage.prompt_tokens),
        "completion_tokens": int(answer.usage.completion_tokens),
        "calls": int(answer.usage.calls),
        "embed_ms": float(t.embed_ms),
        "seed_ms": float(t.seed_ms),
        "expand_ms": float(t.expand_ms),
        "rank_ms": float(t.rank_ms),
        "generate_ms": float(t.generate_ms),
        "total_ms": float(t.total_ms),
        "retrieval_ms": float(t.retrieval_ms),
        "plan_kind": answer.plan.kind if answer.plan else None,
        "subgraph_nodes": len(sg.nodes) if sg else 0,
        "subgraph_edges": len(sg.edges) if sg else 0,
        "context_tokens": int(answer.context_tokens),
        "error": answer.error,
        # The exact context items, one per line: the reader-free context metrics are computed from this text.
        "context_text": "\n".join(item.text for item in answer.context),
    }


def error_fields(message: str, elapsed_ms: float) -> dict[str, Any]:
    """A row for a question the pipeline rejected (ValueError)."""
    empty = Answer(question="", pipeline="", text="")
    fields = answer_fields(empty)
    fields.update({"error": message, "total_ms": elapsed_ms, "retrieval_ms": elapsed_ms})
    return fields


def _judge_row(question: Question, fields: Mapping[str, Any], judge: str, structured: StructuredJudge,
               llm_judge: Any | None) -> dict[str, Any]:
    if fields.get("error"):  # a pipeline error is a failure under every judge; no judge call is spent on it
        reason = f"pipeline error: {fields['error']}"
        out: dict[str, Any] = {"verdict": "FAIL", "score": 0.0, "reason": reason,
                               "judge": "llm" if judge == "llm" else "structured"}
        if judge == "both":
            out.update({"llm_verdict": "FAIL", "llm_score": 0.0, "llm_reason": reason})
        return out
    text = fields.get("answer") or ""
    out = {}
    if judge in ("structured", "both"):
        s = structured.judge(question, text)
        out.update({"verdict": s.verdict, "score": s.score, "reason": s.reason, "judge": "structured"})
    if judge in ("llm", "both"):
        # The judge is blind to the pipeline (fairness rule 6): pipeline="" on purpose. Its verdict comes from the
        # LLM judge's own strict parser; nothing here searches the reply for "PASS".
        result = llm_judge.judge(question.question, question.reference, text, question_id=question.id, pipeline="")
        # core.llm.judge returns JudgeResult(judgement, usage); a bare Judgement is accepted too.
        lj = getattr(result, "judgement", result)
        usage = getattr(result, "usage", None)
        if usage is not None:  # fairness rule 4: the judge's tokens are counted (apart from the pipeline's)
            out.update({"judge_prompt_tokens": int(usage.prompt_tokens),
                        "judge_completion_tokens": int(usage.completion_tokens)})
        if judge == "llm":
            out.update({"verdict": lj.verdict, "score": float(lj.score), "reason": lj.reason, "judge": "llm"})
        else:
            out.update({"llm_verdict": lj.verdict, "llm_score": float(lj.score), "llm_reason": lj.reason})
    return out


def _context_row(support: Support, fields: Mapping[str, Any], mentions: Mentions) -> dict[str, Any]:
    """The reader-free context metrics of one answer (core/evaluation/context_metrics.py)."""
    lines = [line for line in (fields.get("context_text") or "").split("\n") if line.strip()]
    return context_metrics(support, lines, mentions)


def make_row(question: Question, pipeline: str, fields: Mapping[str, Any], verdicts: Mapping[str, Any],
             cached: bool) -> dict[str, Any]:
    row = {"question_id": question.id, "kind": question.kind, "question": question.question, "pipeline": pipeline}
    row.update(fields)
    row.update(verdicts)
    row["cached"] = cached
    return {**{k: row.get(k) for k in report.ROW_FIELDS}, **{k: v for k, v in row.items()
                                                              if k not in report.ROW_FIELDS}}


# ---- building what the run needs ----------------------------------------------------------------------------------


def _store_present(path: Path) -> bool:
    path = Path(path)
    return path.is_file() or (path.is_dir() and any(path.iterdir()))


def _make_llm_judge(settings: Settings, generator: Any):
    if settings.generator == "offline" or getattr(generator, "name", "").startswith("offline"):
        raise ValueError(
            "--judge llm/both needs a real LLM: the offline reader cannot judge. Configure one "
            "(HOPLENS_GENERATOR=gemini with GEMINI_API_KEY, or HOPLENS_GENERATOR=openai) or use --judge structured"
        )
    from core.llm.judge import LLMJudge

    return LLMJudge(generator)


def _validate(pipelines: Sequence[str], judge: str, limit: int | None) -> list[str]:
    names = validate_names(pipelines)
    if judge not in JUDGES:
        raise ValueError(f"unknown judge {judge!r}; choose one of {', '.join(JUDGES)}")
    if limit is not None and limit < 1:
        raise ValueError(f"--limit must be a positive number of questions, got {limit}")
    return names


def _prepare_out(out_dir: Path, identity: str, config: Mapping[str, Any], overwrite: bool) -> list[dict[str, Any]]:
    """Create OUT or check it belongs to this run; return the finished rows already there."""
    out_dir.mkdir(parents=True, exist_ok=True)
    run_path = out_dir / report.RUN_JSON
    results = out_dir / report.RESULTS_JSONL
    if overwrite:
        for name in (report.RESULTS_JSONL, report.RESULTS_PARQUET, report.SUMMARY_JSON, report.RUN_JSON):
            (out_dir / name).unlink(missing_ok=True)
    elif run_path.exists():
        previous = json.loads(run_path.read_text(encoding="utf-8"))
        if previous.get("identity") != identity:
            changed = sorted(k for k, v in config.items() if previous.get("config", {}).get(k) != v)
            raise RunConflict(
                f"{out_dir} holds results of a different run (changed: {', '.join(changed) or 'unknown'}); "
                "use another --out, or --overwrite to discard them"
            )
    elif results.exists() and results.stat().st_size:
        raise RunConflict(f"{results} exists without {report.RUN_JSON}; use another --out or --overwrite")
    report.write_json_atomic(run_path, {"identity": identity, "config": dict(config)})
    rows, bad = report.read_rows(results)
    if bad:  # a line cut short by a crash: drop it so appends start on a clean line
        report.rewrite_rows(results, rows)
    return rows


# ---- the run ----------------------------------------------------------------------------------------------------


def run_eval(
    suite: str,
    pipelines: Sequence[str] = PIPELINES,
    store_path: Path | None = None,
    data_dir: Path | None = None,
    out_dir: Path | None = None,
    judge: str = "structured",
    settings: Settings | None = None,
    limit: int | None = None,
    progress: ProgressFn | None = None,
    *,
    use_cache: bool = True,
    overwrite: bool = False,
    bertscore: bool = True,
    show_progress: bool = True,
    pipeline_objects: Mapping[str, Pipeline] | None = None,
    generator: Any | None = None,
    embedder: Any | None = None,
    questions: Sequence[Question] | None = None,
    llm_judge: Any | None = None,
) -> dict[str, Any]:
    """Run the evaluation and return the summary (also written to OUT/summary.json).

    ``progress(done, total, row)`` is called after every finished pair (the app's progress bar). The keyword-only
    ``pipeline_objects``/``generator``/``embedder``/``questions``/``llm_judge`` replace what would otherwise be
    built from ``settings`` (tests and callers that already hold them).
    """
    from tqdm.auto import tqdm

    from core.config import get_settings

    started = time.perf_counter()
    settings = settings or get_settings()
    names = _validate(pipelines, judge, limit)
    data_dir = Path(data_dir) if data_dir else settings.data_path()
    store_path = Path(store_path) if store_path else settings.store_path()
    settings = settings.model_copy(update={"store": store_path, "data": data_dir})  # one source for both
    if out_dir is None:
        out_dir = settings.home / "eval" / Path(str(suite)).stem
    out_dir = Path(out_dir)

    store = None
    try:
        if pipeline_objects is None:
            from core.llm.factory import make_embedder, make_generator
            from core.pipelines import build_pipelines

            if needs_store(names):  # LLM-only needs neither store nor embedder
                if settings.backend == "embedded" and not _store_present(store_path):
                    from core.ingest.build import build_store

                    build_store(data_dir, store_path, settings=settings, progress=show_progress)
                from core.store import open_store

                store = open_store(settings, store_path)
                embedder = embedder or make_embedder(settings)
            generator = generator or make_generator(settings)
            pipeline_objects = build_pipelines(settings=settings, store=store, generator=generator,
                                               embedder=embedder, names=tuple(names))
        if generator is None:  # injected pipelines: name the generator they carry, if they say
            generator = getattr(next(iter(pipeline_objects.values()), None), "generator", None)
        missing = [p for p in names if p not in pipeline_objects]
        if missing:
            raise ValueError(f"pipeline(s) {', '.join(missing)} not available")
        if judge in ("llm", "both") and llm_judge is None:
            llm_judge = _make_llm_judge(settings, generator)

        instances: dict[str, Any] = {}
        if questions is None:
            from core.dataset.questions import SUITES, build_suite_detailed, load_suite

            if str(suite) in SUITES:  # a named suite: keep each question's template instance for the context metrics
                detailed = build_suite_detailed(data_dir, str(suite))
                questions = [q for q, _ in detailed]
                instances = {q.id: inst for q, inst in detailed}
            else:
                questions = load_suite(str(suite), data_dir)
        questions = list(questions)[:limit] if limit else list(questions)
        if not questions:
            raise ValueError(f"suite {suite!r} has no questions")
        supports, mentions = load_context_scorer(data_dir, [(q, instances.get(q.id)) for q in questions])

        config = run_config(settings, str(suite), judge, getattr(generator, "name", "unknown"),
                            getattr(embedder, "name", "none"), data_dir, store.backend if store is not None else None)
        fingerprint = answer_fingerprint(config)
        finished = _prepare_out(out_dir, run_identity(config), config, overwrite)
        done = {(r["question_id"], r["pipeline"]): r for r in finished}

        cache = AnswerCache(settings.home / "cache" / "answers.sqlite3") if use_cache else None
        structured = StructuredJudge(names=mentions.find if mentions.names else None)
        total = len(questions) * len(names)
        counter = sum(1 for q in questions for p in names if (q.id, p) in done)
        bar = tqdm(total=total, initial=counter, desc="eval", unit="answer", disable=not show_progress)
        try:
            with report.RowWriter(out_dir / report.RESULTS_JSONL) as writer:
                for q in questions:
                    for p in names:
                        if (q.id, p) in done:
                            continue
                        fields, cached = _answer(pipeline_objects[p], q, p, cache, fingerprint)
                        verdicts = _judge_row(q, fields, judge, structured, llm_judge)
                        verdicts.update(_context_row(supports[q.id], fields, mentions))
                        row = make_row(q, p, fields, verdicts, cached)
                        writer.write(row)
                        done[(q.id, p)] = row
                        counter += 1
                        bar.update(1)
                        bar.set_postfix_str(f"{p} {row['verdict']}", refresh=False)
                        if progress:
                            progress(counter, total, row)
        finally:
            bar.close()
            if cache:
                cache.close()
    finally:
        if store is not None:
            store.close()

    rows = [done[(q.id, p)] for q in questions for p in ordered_pipelines(names)]
    for r in rows:  # rows resumed from an older results file: add the context metrics where the context is known
        if "answer_in_context" not in r and "context_text" in r:
            r.update(_context_row(supports[r["question_id"]], r, mentions))
    report.write_parquet(rows, out_dir / report.RESULTS_PARQUET)
    from core.evaluation.bertscore import bertscore_summary

    config = {**config, "pipelines": ordered_pipelines(names), "n_questions": len(questions), "limit": limit,
              "cached_answers": sum(1 for r in rows if r.get("cached")),
              "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
              "wall_s": round(time.perf_counter() - started, 3)}
    summary = summarize(rows, config)
    summary["bertscore"] = bertscore_summary(rows, {q.id: q.reference for q in questions}, enabled=bertscore)
    report.write_json_atomic(out_dir / report.SUMMARY_JSON, summary)
    return summary


def _answer(pipeline: Pipeline, question: Question, name: str, cache: AnswerCache | None,
            fingerprint: str) -> tuple[dict[str, Any], bool]:
    key = cache_key(question.question, name, fingerprint)
    if cache is not None:
        hit = cache.get(key)
        if hit is not None and "context_text" in hit:  # entries cached before contexts were kept are answered again
            return hit, True
    t0 = time.perf_counter()
    try:
        answer = pipeline.answer(question.question)
    except ValueError as exc:  # the pipeline rejected the question: a recorded, judged failure
        return error_fields(str(exc), (time.perf_counter() - t0) * 1000), False
    fields = answer_fields(answer)
    if cache is not None and not fields["error"]:  # errors are retried next run, never cached
        cache.put(key, name, fields)
    return fields, False
