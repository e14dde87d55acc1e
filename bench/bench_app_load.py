"""Load on the running app: N simultaneous browser sessions asking different questions for a while.

    python bench/bench_app_load.py --store STORE --data DATA [--sessions 10] [--seconds 60] [--out bench/results]

Starts ``streamlit run app.py`` on a free port (HOPLENS_STORE/DATA pointing at the given store), opens one headless
Debian Chromium per session (selenium; every non-local request goes to a dead proxy), and has each session ask its
own questions from the public suite on the Ask page, one after the other, until time is up. Each shown answer is
checked against the answer the same pipeline gives for that question sequentially in this process (no wrong
answer: the normalised text must match exactly, and the page must show this session's own question). Errors
(st.error, an exception box, a timeout) are counted. The server's resident memory is sampled every second.

Real browsers rather than a websocket client: Streamlit's websocket protocol (protobuf BackMsg with widget ids
derived from internal hashes) is not a public API, and browsers exercise exactly what users do (one websocket
session each, reruns, widget state). Not AppTest in threads: tried, it is not thread-safe ("Runtime hasn't been
created!", CPython's "AST constructor recursion depth mismatch", pages not found on concurrent switch_page), so
its failures are the harness's, not the app's. On this 2-core machine each Chromium (and the vis-network physics
in each subgraph iframe) costs real CPU, so latencies include the browsers' own work.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CHROMIUM = "/usr/bin/chromium"


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", text.lower())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mib(pid: int) -> float:
    total = 0
    for p in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def start_server(store: Path, data: Path, home: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "HOPLENS_HOME": str(home), "HOPLENS_STORE": str(store), "HOPLENS_DATA": str(data)}
    log = (home / "streamlit.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return proc, url
        except OSError:
            time.sleep(0.3)
        if proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError(f"streamlit did not start: {(home / 'streamlit.log').read_text()[-2000:]}")


def make_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-dev-shm-usage", "--window-size=1280,1600", "--proxy-server=127.0.0.1:9",
                 "--proxy-bypass-list=127.0.0.1;localhost", "--disable-extensions", "--mute-audio"):
        opts.add_argument(flag)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    d.set_page_load_timeout(120)
    return d


def _idle(driver, timeout: float) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    time.sleep(0.3)
    WebDriverWait(driver, timeout).until(lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-testid="stStatusWidget"]'))


def session(idx: int, url: str, questions: list[tuple[str, str]], until: float, out: dict, timeout: float) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    rec = out[idx] = {"asked": 0, "ok": 0, "wrong": [], "errors": [], "latency_s": []}
    try:
        driver = make_driver()
    except Exception as exc:  # noqa: BLE001 (reported)
        rec["errors"].append(f"browser did not start: {exc}")
        return
    try:
        driver.get(f"{url}/Ask")
        box_css = 'input[aria-label="Question"]'
        WebDriverWait(driver, timeout).until(ec.element_to_be_clickable((By.CSS_SELECTOR, box_css)))
        _idle(driver, timeout)
        i = 0
        while time.monotonic() < until:
            question, expected = questions[i % len(questions)]
            i += 1
            t0 = time.perf_counter()
            try:
                box = WebDriverWait(driver, timeout).until(ec.element_to_be_clickable((By.CSS_SELECTOR, box_css)))
                box.send_keys(Keys.CONTROL, "a")
                box.send_keys(Keys.DELETE)
                box.send_keys(question, Keys.ENTER)
                _idle(driver, timeout)
                WebDriverWait(driver, timeout).until(ec.element_to_be_clickable(
                    (By.XPATH, '//button[.//p[normalize-space()="Ask"]]'))).click()
                want_q = _norm("Q: " + question)
                WebDriverWait(driver, timeout).until(
                    lambda d, w=want_q: w in _norm(d.find_element(By.TAG_NAME, "body").text))
                _idle(driver, timeout)
                rec["latency_s"].append(time.perf_counter() - t0)
                rec["asked"] += 1
                body = driver.find_element(By.TAG_NAME, "body").text
                if driver.find_elements(By.CSS_SELECTOR, '[data-testid="stException"], [data-testid="stAlertContentError"]'):
                    rec["errors"].append(f"{question!r}: error shown on the page")
                elif _norm(expected) not in _norm(body):
                    rec["wrong"].append(question)
                else:
                    rec["ok"] += 1
            except Exception as exc:  # noqa: BLE001 (a timeout or a vanished element is an error of the run)
                rec["errors"].append(f"{question!r}: {type(exc).__name__}: {str(exc)[:200]}")
                try:
                    driver.get(f"{url}/Ask")
                except Exception:  # noqa: BLE001
                    return
    finally:
        driver.quit()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--per-session", type=int, default=12, help="distinct questions per session")
    ap.add_argument("--timeout", type=float, default=180, help="seconds one question may take in the browser")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = ap.parse_args()

    import tempfile

    from core.config import Settings
    from core.dataset.questions import build_suite
    from core.pipelines import PIPELINES, build_pipelines
    from core.store import open_store

    load_before = Path("/proc/loadavg").read_text().split()[:3]
    pipeline = list(reversed(PIPELINES))[0]  # what the Ask page selects by default
    settings = Settings(store=args.store, data=args.data)
    store = open_store(settings, args.store)
    pipe = build_pipelines(settings, store=store, names=[pipeline])[pipeline]
    suite = build_suite(args.data, "public")
    need = args.sessions * args.per_session
    picked = [q.question for q in suite[: need]]
    expected = {q: pipe.answer(q).text for q in picked}  # sequential answers, same pipeline, same store
    store.close()
    per_session = [[(q, expected[q]) for q in picked[i :: args.sessions]] for i in range(args.sessions)]

    home = Path(tempfile.mkdtemp(prefix="hoplens-load-"))
    proc, url = start_server(args.store, args.data, home)
    out: dict[int, dict] = {}
    rss: list[float] = []
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            rss.append(_rss_mib(proc.pid))
            time.sleep(1.0)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        # warm the server (first page load imports the app and opens the store) before the clock starts
        urllib.request.urlopen(f"{url}/Ask", timeout=60).read()
        t_start = time.monotonic()
        until = t_start + args.seconds
        threads = [threading.Thread(target=session, args=(i, url, per_session[i], until, out, args.timeout))
                   for i in range(args.sessions)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - t_start
    finally:
        stop.set()
        sampler.join(timeout=3)
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
    return _report(args, out, pipeline, wall, rss, load_before)


def _report(args, out, pipeline, wall, rss, load_before) -> int:
    lat = sorted(x for r in out.values() for x in r["latency_s"])
    result = {
        "driver": "browser",
        "store": str(args.store),
        "pipeline": pipeline,
        "sessions": args.sessions,
        "seconds": args.seconds,
        "wall_s": round(wall, 1),
        "answers": sum(r["asked"] for r in out.values()),
        "correct": sum(r["ok"] for r in out.values()),
        "wrong": [q for r in out.values() for q in r["wrong"]],
        "errors": [e for r in out.values() for e in r["errors"]],
        "per_session_answers": [out[i]["asked"] for i in sorted(out)],
        "latency_s": {"p50": round(statistics.median(lat), 2) if lat else None,
                      "p95": round(lat[int(0.95 * (len(lat) - 1))], 2) if lat else None,
                      "max": round(lat[-1], 2) if lat else None},
        "server_rss_mib": {"start": round(rss[0], 1) if rss else None, "peak": round(max(rss), 1) if rss else None,
                           "end": round(rss[-1], 1) if rss else None,
                           "every_5s": [round(x) for x in rss[::5]]},
        "loadavg_before": load_before,
        "loadavg_after": Path("/proc/loadavg").read_text().split()[:3],
        "cores": os.cpu_count(),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"app-load-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}.json"
    path.write_text(json.dumps(result, indent=1))
    print(json.dumps(result, indent=1))
    print(f"wrote {path}")
    return 0 if not result["wrong"] and not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
