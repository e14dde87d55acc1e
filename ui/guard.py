"""Demo (read-only) mode: which sessions may write, the admin unlock, and what a visitor may be shown.

In demo mode (``HOPLENS_DEMO=1`` or ``hoplens app --demo``) every write action — generate, build, ingest/upload,
snapshot, restore, running an evaluation — is hidden by the pages *and* refused here: each action function calls
``require_write`` first, so a tampered session state or a direct call fails with ``ReadOnly``.

The admin secret (Streamlit secrets ``HOPLENS_ADMIN_TOKEN``/``admin_token``, or the ``HOPLENS_ADMIN_TOKEN``
setting) unlocks writes for one session. It is compared in constant time, attempts are rate-limited per session and
per server and logged without the secret, and the session keeps only a proof: an HMAC, under a key that lives in
this server process only, of the session id and a digest of the secret. A proof copied to another session, forged,
or left from before the secret changed does not verify.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from collections import deque

from core.config import Settings

log = logging.getLogger("hoplens.app.guard")

_PROCESS_KEY = secrets.token_bytes(32)  # never leaves this process; a restart logs every admin out
_PROOF_KEY = "hl.admin_proof"
READ_ONLY = ("This is a read-only demo: {action} is disabled. Ask, Compare, Explore and saved benchmark runs work "
             "as usual.")


class ReadOnly(PermissionError):
    """A write action refused in demo mode."""


# ---- the session -------------------------------------------------------------------------------------------------


def session_id() -> str | None:
    """This browser session's id, or None outside a Streamlit script run (a direct call from Python)."""
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx
    except ImportError:  # pragma: no cover - streamlit is a main dependency
        return None
    ctx = get_script_run_ctx(suppress_warning=True)
    return getattr(ctx, "session_id", None) if ctx is not None else None


def _session_state():
    import streamlit as st

    return st.session_state if session_id() is not None else None


# ---- the admin secret ----------------------------------------------------------------------------------------------


def admin_secret(s: Settings) -> str | None:
    """The configured admin secret: Streamlit secrets first, then the HOPLENS_ADMIN_TOKEN setting."""
    try:
        import streamlit as st

        for key in ("HOPLENS_ADMIN_TOKEN", "admin_token"):
            value = st.secrets.get(key)
            if value:
                return str(value)
    except Exception:  # no secrets.toml, or an unreadable one: fall back to the setting
        pass
    return s.admin_token.get_secret_value() if s.admin_token else None


def _proof(sid: str, secret: str) -> str:
    digest = hashlib.sha256(secret.encode()).digest()
    return hmac.new(_PROCESS_KEY, sid.encode() + b"\0" + digest, hashlib.sha256).hexdigest()


def is_admin(s: Settings) -> bool:
    """Whether this session unlocked writes (always False outside a script run or with no secret configured)."""
    sid, state = session_id(), _session_state()
    secret = admin_secret(s)
    if sid is None or state is None or not secret:
        return False
    held = state.get(_PROOF_KEY)
    return isinstance(held, str) and hmac.compare_digest(held, _proof(sid, secret))


class _Attempts:
    """Sliding one-minute windows of failed unlock attempts, per session and for the whole server."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_session: dict[str, deque[float]] = {}
        self._server: deque[float] = deque()

    def allowed(self, sid: str, per_session: int) -> bool:
        now = time.monotonic()
        with self._lock:
            mine = self._by_session.setdefault(sid, deque())
            for q in (mine, self._server):
                while q and now - q[0] > 60.0:
                    q.popleft()
            return len(mine) < per_session and len(self._server) < 4 * per_session

    def failed(self, sid: str) -> None:
        now = time.monotonic()
        with self._lock:
            self._by_session.setdefault(sid, deque()).append(now)
            self._server.append(now)
            if len(self._by_session) > 10_000:  # bounded: forget the sessions with no recent failure
                for key in [k for k, q in self._by_session.items() if not q or now - q[-1] > 60.0]:
                    del self._by_session[key]


_ATTEMPTS = _Attempts()


def unlock(s: Settings, entered: str) -> tuple[bool, str]:
    """Check ``entered`` against the admin secret for this session; (unlocked, message for the page)."""
    sid, state = session_id(), _session_state()
    secret = admin_secret(s)
    if sid is None or state is None:
        return False, "Admin unlock works only from the app."
    if not secret:
        log.info("admin unlock attempt but no admin secret is configured (session %s)", sid[:8])
        return False, "No admin secret is configured on this server."
    if not _ATTEMPTS.allowed(sid, s.admin_attempts_per_minute):
        log.warning("admin unlock rate-limited (session %s)", sid[:8])
        return False, "Too many attempts; wait a minute and try again."
    if hmac.compare_digest(entered.encode(), secret.encode()):
        state[_PROOF_KEY] = _proof(sid, secret)
        log.info("admin unlock succeeded (session %s)", sid[:8])
        return True, "Admin actions unlocked for this browser session."
    _ATTEMPTS.failed(sid)
    log.warning("admin unlock failed (session %s)", sid[:8])
    return False, "That is not the admin secret."


def lock() -> None:
    state = _session_state()
    if state is not None:
        state.pop(_PROOF_KEY, None)


# ---- what may happen and be shown ------------------------------------------------------------------------------------


def writes_allowed(s: Settings) -> bool:
    return not s.demo or is_admin(s)


def require_write(s: Settings, action: str) -> None:
    """Refuse ``action`` in demo mode unless this session unlocked admin actions (called inside each action)."""
    if not writes_allowed(s):
        log.info("refused in demo mode: %s (session %s)", action, (session_id() or "direct call")[:8])
        raise ReadOnly(READ_ONLY.format(action=action))


def shows_internals(s: Settings) -> bool:
    """Server paths, environment and configuration values are shown only outside demo mode (or to an admin)."""
    return not s.demo or is_admin(s)


# An absolute POSIX or Windows path, or a home-relative one (what a store/data/upload path looks like in a message).
_PATH = re.compile(r"(?:(?<![\w.])~?/(?:[\w.+@-]+/?)+|\b[A-Za-z]:\\[^\s`'\"]+)")


def redact(text: str) -> str:
    """``text`` with every file-system path replaced by "[server path]" (demo mode messages)."""
    return _PATH.sub("[server path]", text)
