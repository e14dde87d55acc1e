"""A real browser against the running app, with the network cut off: Ask renders the evidence graph (every result
and every entity on the path of a multi-hop question), Compare its columns and the evidence side by side.

Needs Debian's ``chromium`` and ``chromium-driver`` (installed by ``.ci/run``); skipped with the reason otherwise.
Screenshots go to tests/browser/artifacts/ (gitignored; CI keeps them as artifacts).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
QUESTION = "Which vendors does {cust} depend on?"


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} not installed (apt-get install chromium chromium-driver)"
    if not Path(CHROMEDRIVER).exists():
        return "chromedriver not installed (apt-get install chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium not installed (pip install -e '.[test]')"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server(home: Path, **env_extra: str) -> subprocess.Popen:
    """Start the app on a free port with HOPLENS_HOME=home (and ``env_extra``); wait for its health check."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    port = _free_port()
    env = {**os.environ, "HOPLENS_HOME": str(home), **env_extra}
    log = (home / "streamlit.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    proc.url = f"http://127.0.0.1:{port}"  # type: ignore[attr-defined]
    proc.log = log  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{proc.url}/_stcore/health", timeout=2) as r:  # type: ignore[attr-defined]
                if r.read().strip() == b"ok":
                    return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            log.flush()
            _stop_server(proc)
            pytest.fail(f"streamlit did not start: {(home / 'streamlit.log').read_text()[-2000:]}")
        time.sleep(0.3)


def _stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    proc.log.close()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def app_url(tiny_store, tmp_path_factory):
    home = tmp_path_factory.mktemp("browser-home")
    proc = _start_server(home, HOPLENS_STORE=str(tiny_store.store), HOPLENS_DATA=str(tiny_store.data),
                         HOPLENS_SCALE="tiny")
    try:
        yield proc.url  # type: ignore[attr-defined]
    finally:
        _stop_server(proc)


@pytest.fixture(scope="module")
def driver(app_url):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-dev-shm-usage", "--window-size=1400,2600",
                 # Every non-local request goes to a dead proxy: the page must render with no network.
                 "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=127.0.0.1;localhost"):
        opts.add_argument(flag)
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    d.set_page_load_timeout(60)
    yield d
    d.quit()


def _wait_idle(driver, timeout: float = 90) -> None:
    """Wait until Streamlit has finished running the script (the running-man status widget is gone)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    time.sleep(0.5)
    WebDriverWait(driver, timeout).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-testid="stStatusWidget"]')
    )


def _wait_text(driver, text: str, timeout: float = 120) -> None:
    """Wait until ``text`` is on the page (a rerun may not have started yet when the click returns)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, timeout).until(lambda d: text in d.page_source)
    except TimeoutException:
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "failure.png"))
        raise AssertionError(f"{text!r} did not appear within {timeout:.0f} s (see artifacts/failure.png)") from None
    _wait_idle(driver)


def _type_question(driver, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    box = WebDriverWait(driver, 60).until(ec.element_to_be_clickable((By.CSS_SELECTOR, 'input[aria-label="Question"]')))
    box.clear()
    box.send_keys(text, Keys.ENTER)
    _wait_idle(driver)


def _click_button(driver, label: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    xpath = f'//button[.//p[normalize-space()="{label}"]]'
    WebDriverWait(driver, 30).until(ec.element_to_be_clickable((By.XPATH, xpath))).click()
    _wait_idle(driver)


def _wait_for_graph(driver) -> None:
    """Switch into the subgraph iframe, wait for vis-network's canvas and the layout to settle, switch back."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    frame = WebDriverWait(driver, 60).until(
        lambda d: next((f for f in d.find_elements(By.TAG_NAME, "iframe")
                        if "vis.Network" in (f.get_attribute("srcdoc") or "")), None)
    )
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", frame)
    driver.switch_to.frame(frame)
    try:
        canvas = WebDriverWait(driver, 60).until(lambda d: d.find_element(By.CSS_SELECTOR, "#mynetwork canvas"))
        assert canvas.size["width"] > 100 and canvas.size["height"] > 100
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        # vis-network ran: the global network object has the nodes we sent.
        assert driver.execute_script("return network.body.data.nodes.length") > 1
        # Nothing inside the frame came from outside this machine.
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert [u for u in fetched if not u.startswith(("http://127.0.0.1", "data:", "blob:", "about:"))] == []
    finally:
        driver.switch_to.default_content()


def _scroll_top(driver) -> None:
    """Scroll Streamlit's main container (not the window) back to the top so the screenshot starts at the title."""
    driver.execute_script(
        "document.querySelectorAll('[data-testid=\"stMain\"], [data-testid=\"stAppViewContainer\"], section')"
        ".forEach(e => e.scrollTop = 0); window.scrollTo(0, 0);"
    )
    time.sleep(1.0)  # let plotly redraw after the scroll


def _a_customer(tiny_store) -> str:
    from core.dataset.io import FILES, iter_jsonl
    from core.records import Entity

    for e in iter_jsonl(Path(tiny_store.data) / FILES["entities"], Entity):
        if e.type == "Customer":
            return e.id
    raise AssertionError("the tiny dataset has no customer")


def test_ask_renders_subgraph_offline(driver, app_url, tiny_store):
    ARTIFACTS.mkdir(exist_ok=True)
    driver.get(f"{app_url}/Ask")
    _wait_text(driver, 'aria-label="Question"')
    _type_question(driver, QUESTION.format(cust=_a_customer(tiny_store)))
    _click_button(driver, "Ask")
    _wait_text(driver, "Answer · GraphRAG")
    assert "Traceback" not in driver.page_source
    _wait_for_graph(driver)
    _scroll_top(driver)
    driver.save_screenshot(str(ARTIFACTS / "ask.png"))


def _expected_evidence(tiny_store) -> tuple[str, set[str], set[str], dict[str, str]]:
    """From the dataset files, independently of the planner: the outage hitting the most customers (they depend on
    its vendor AND are located in its region), their account managers, the entities on the way (the outage's
    vendors and regions leading to a managed impacted customer, and those customers), and every entity's name."""
    from collections import defaultdict

    from core.dataset.io import FILES, iter_jsonl
    from core.records import Edge, Entity

    ents = {e.id: e for e in iter_jsonl(Path(tiny_store.data) / FILES["entities"], Entity)}
    out, inn = defaultdict(set), defaultdict(set)
    for e in iter_jsonl(Path(tiny_store.data) / FILES["edges"], Edge):
        out[(e.src, e.type)].add(e.dst)
        inn[(e.dst, e.type)].add(e.src)

    def impacted(o: str) -> set[str]:
        users = {c for v in inn[(o, "EXPERIENCED")] for c in inn[(v, "DEPENDS_ON")]}
        return users & {c for r in out[(o, "IN_REGION")] for c in inn[(r, "LOCATED_IN")] if ents[c].type == "Customer"}

    outage = max(sorted(i for i, e in ents.items() if e.type == "Outage"), key=lambda o: len(impacted(o)))
    managed = {c for c in impacted(outage) if inn[(c, "MANAGES_ACCOUNT")]}
    managers = {m for c in managed for m in inn[(c, "MANAGES_ACCOUNT")]}
    on_path = managed | {v for v in inn[(outage, "EXPERIENCED")] if inn[(v, "DEPENDS_ON")] & managed} \
        | {r for r in out[(outage, "IN_REGION")] if inn[(r, "LOCATED_IN")] & managed}
    return outage, managers, on_path, {i: e.name for i, e in ents.items()}


def test_ask_evidence_graph_of_a_multi_hop_question_offline(driver, app_url, tiny_store):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    outage, managers, on_path, names = _expected_evidence(tiny_store)
    assert managers and on_path
    ARTIFACTS.mkdir(exist_ok=True)
    driver.get(f"{app_url}/Ask")
    _wait_text(driver, 'aria-label="Question"')
    _type_question(driver, f"Which account managers look after the customers hit by {outage}?")
    _click_button(driver, "Ask")
    _wait_text(driver, "Provenance of each answer item")
    assert "Traceback" not in driver.page_source
    frame = WebDriverWait(driver, 60).until(
        lambda d: next((f for f in d.find_elements(By.TAG_NAME, "iframe")
                        if "on the path" in (f.get_attribute("srcdoc") or "")), None))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", frame)
    driver.switch_to.frame(frame)
    try:
        canvas = WebDriverWait(driver, 60).until(lambda d: d.find_element(By.CSS_SELECTOR, "#mynetwork canvas"))
        assert canvas.size["width"] > 100 and canvas.size["height"] > 100
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        drawn = driver.execute_script(
            "return network.body.data.nodes.get().map(n => [n.id, n.label, n.shape, (n.color || {}).border || ''])")
        positions = driver.execute_script("return network.getPositions()")
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert [u for u in fetched if not u.startswith(("http://127.0.0.1", "data:", "blob:", "about:"))] == []
    finally:
        driver.switch_to.default_content()
    nodes = {i: (label, shape, border) for i, label, shape, border in drawn}
    assert set(nodes) == {outage} | managers | on_path  # every result and every entity on the path, nothing else
    assert all(nodes[i][0] == names[i] for i in nodes)  # each drawn under its name
    assert nodes[outage][1] == "star"
    assert all(nodes[m][2].upper() == "#D7263D" for m in managers)  # results highlighted
    assert all(nodes[i][2].upper() != "#D7263D" for i in on_path)
    assert set(positions) == set(nodes)  # laid out on the canvas
    driver.save_screenshot(str(ARTIFACTS / "ask-evidence.png"))


def test_compare_shows_three_columns_offline(driver, app_url, tiny_store):
    from selenium.webdriver.common.by import By

    ARTIFACTS.mkdir(exist_ok=True)
    driver.get(f"{app_url}/Compare")
    _wait_text(driver, 'aria-label="Question"')
    _type_question(driver, QUESTION.format(cust=_a_customer(tiny_store)))
    _click_button(driver, "Compare")
    _wait_text(driver, "Evidence side by side")
    heads = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "h3")]
    for label in ("LLM-only", "BasicRAG", "GraphRAG"):
        assert any(label in h for h in heads), f"no {label} column in {heads}"
    assert "Traceback" not in driver.page_source
    _wait_for_graph(driver)
    _scroll_top(driver)
    driver.save_screenshot(str(ARTIFACTS / "compare.png"))


def _click_link(driver, page: str) -> None:
    """Click the sidebar link to ``page`` (in-app navigation, as a user would; the session stays the same)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    xpath = f'//section[@data-testid="stSidebar"]//a[.//*[normalize-space()="{page}"]]'
    WebDriverWait(driver, 30).until(ec.element_to_be_clickable((By.XPATH, xpath))).click()


def _plotly_count(driver) -> int:
    from selenium.webdriver.common.by import By

    return len(driver.find_elements(By.CSS_SELECTOR, '[data-testid="stPlotlyChart"] .main-svg'))


def test_first_start_build_survives_navigation(driver, tiny_store, tmp_path):
    """A fresh machine: the overview starts the build; the user clicks Ask at once (which used to stop the build);
    the build goes on in the server, Ask becomes usable by itself and answers — no terminal involved."""
    import shutil

    from selenium.webdriver.support.ui import WebDriverWait

    home = tmp_path / "home"
    home.mkdir()
    data, store = home / "data-tiny", home / "store-tiny"
    shutil.copytree(tiny_store.data, data)
    proc = _start_server(home, HOPLENS_SCALE="tiny")  # store and data at their defaults under the fresh home
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        driver.get(proc.url)  # type: ignore[attr-defined]
        WebDriverWait(driver, 60).until(lambda d: "Building the tiny knowledge base" in d.page_source
                                        or 'data-testid="stMetric"' in d.page_source)
        saw_build = "Building the tiny knowledge base" in driver.page_source
        if saw_build:
            driver.save_screenshot(str(ARTIFACTS / "first-start.png"))
            driver.refresh()  # a reload (a new session) neither stops the build nor starts another
            WebDriverWait(driver, 60).until(lambda d: "Building the tiny knowledge base" in d.page_source
                                            or 'data-testid="stMetric"' in d.page_source)
        _click_link(driver, "Ask")
        if saw_build and "usable when it finishes" in driver.page_source:
            driver.save_screenshot(str(ARTIFACTS / "first-start-ask-waiting.png"))
        # The page turns into Ask by itself when the build ends (the progress fragment reruns it).
        _wait_text(driver, 'aria-label="Question"', timeout=240)
        assert (store / "store.sqlite").exists()
        assert not list((home / "jobs").glob("build-*.json"))  # the build finished: no marker left to resume
        _type_question(driver, QUESTION.format(cust=_a_customer(tiny_store)))
        _click_button(driver, "Ask")
        _wait_text(driver, "Answer · GraphRAG")
        assert "Traceback" not in driver.page_source and "did not finish" not in driver.page_source
        assert saw_build, "the build finished before the overview was drawn; navigation during it was not exercised"
    finally:
        _stop_server(proc)


def test_benchmark_first_open_runs_the_public_suite(driver, app_url):
    from selenium.webdriver.support.ui import WebDriverWait

    ARTIFACTS.mkdir(exist_ok=True)
    driver.get(f"{app_url}/Benchmark")
    _wait_text(driver, "No evaluation of this knowledge base")
    assert _plotly_count(driver) == 0
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    xpath = '//button[.//p[starts-with(normalize-space(), "Run the public suite on this knowledge base")]]'
    WebDriverWait(driver, 30).until(ec.element_to_be_clickable((By.XPATH, xpath))).click()
    try:
        WebDriverWait(driver, 300).until(lambda d: _plotly_count(d) >= 5)
    except Exception:
        driver.save_screenshot(str(ARTIFACTS / "failure.png"))
        raise
    _wait_idle(driver)
    assert "Computed on" in driver.page_source and "this knowledge base" in driver.page_source
    assert "Traceback" not in driver.page_source
    _scroll_top(driver)
    driver.save_screenshot(str(ARTIFACTS / "benchmark.png"))


SECRET = "browser-admin-secret-42"


def test_demo_mode_is_read_only_and_unlocks_with_the_secret(driver, tiny_store, tmp_path):
    from selenium.webdriver.common.by import By

    home = tmp_path / "demo-home"
    home.mkdir()
    proc = _start_server(home, HOPLENS_STORE=str(tiny_store.store), HOPLENS_DATA=str(tiny_store.data),
                         HOPLENS_SCALE="tiny", HOPLENS_DEMO="1", HOPLENS_ADMIN_TOKEN=SECRET)
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        for page in ("", "/Ask", "/Benchmark", "/Explore", "/Data"):
            driver.get(f"{proc.url}{page}")  # type: ignore[attr-defined]
            _wait_text(driver, "read-only demo")
            source = driver.page_source
            for hidden in (str(tiny_store.store), str(tiny_store.data), str(home)):
                assert hidden not in source, f"{hidden} shown on {page or '/'}"
            assert "Generate and build" not in source and "Run the public suite" not in source
            assert 'type="file"' not in source
        driver.save_screenshot(str(ARTIFACTS / "demo-data.png"))
        # The admin secret, typed into the sidebar, unlocks this session's write controls.
        driver.find_element(By.XPATH, '//section[@data-testid="stSidebar"]//*[normalize-space()="Admin"]').click()
        box = driver.find_element(By.CSS_SELECTOR, 'input[aria-label="Admin secret"]')
        box.send_keys(SECRET)  # inside a form: nothing is sent until Unlock is clicked
        _click_button(driver, "Unlock")
        _wait_text(driver, "Generate and build")
        assert SECRET not in driver.page_source
        # A second visitor (a fresh browser session) is still read-only.
        driver.delete_all_cookies()
        driver.get(f"{proc.url}/Data")  # type: ignore[attr-defined]
        _wait_text(driver, "read-only demo")
        assert "Generate and build" not in driver.page_source
        # Asking works in demo mode.
        driver.get(f"{proc.url}/Ask")  # type: ignore[attr-defined]
        _wait_text(driver, 'aria-label="Question"')
        _type_question(driver, QUESTION.format(cust=_a_customer(tiny_store)))
        _click_button(driver, "Ask")
        _wait_text(driver, "Answer · GraphRAG")
        assert "Traceback" not in driver.page_source
    finally:
        _stop_server(proc)
