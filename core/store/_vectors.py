"""The HNSW vector index over chunk vectors (faiss-cpu, inner product on L2-normalised vectors = cosine).

faiss HNSW cannot delete, so the index keeps a position -> vector id (chunk ``vid``) map in which deleted chunks are
-1; searches skip them with an ``IDSelectorBitmap``. When more than ``REBUILD_DEAD_SHARE`` of positions are dead the
index is rebuilt from SQLite instead of extended. faiss reads are thread-safe; writes only happen in the builder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

INDEX_FILE = "vectors.faiss"
IDS_FILE = "vector_ids.npy"
HNSW_M = 32
EF_CONSTRUCTION = 64
EF_SEARCH = 128  # recall@10 0.82 vs 0.76 at 64 on static-l6 vectors, 0.17 ms vs 0.09 ms a query
REBUILD_DEAD_SHARE = 0.2
ADD_BATCH = 65536


def _faiss():
    import faiss

    return faiss


class VectorIndex:
    def __init__(self, dim: int, index=None, ids: np.ndarray | None = None, mapped_from: Path | None = None):
        faiss = _faiss()
        self.dim = dim
        # a loaded index maps its vectors from the (never modified) index file; it is read into memory before
        # anything is added to it
        self._mapped_from = mapped_from
        if index is None:
            index = faiss.IndexHNSWFlat(dim, HNSW_M, faiss.METRIC_INNER_PRODUCT)
            index.hnsw.efConstruction = EF_CONSTRUCTION
        index.hnsw.efSearch = EF_SEARCH
        self.index = index
        self.ids = np.zeros(0, dtype=np.int64) if ids is None else ids.astype(np.int64)
        self._refresh_selector()

    # ---- persistence
    @classmethod
    def load(cls, folder: Path) -> VectorIndex:
        """Memory-mapped where faiss can (``IO_FLAG_MMAP_IFC``: the vectors are not copied; 0.07 s instead of
        0.4-10 s for a 594 MB index at 459 k chunks here, where fresh memory is slow to fault in)."""
        faiss = _faiss()
        path = folder / INDEX_FILE
        flag = getattr(faiss, "IO_FLAG_MMAP_IFC", None)
        mapped = None
        if flag is not None:
            try:
                index, mapped = faiss.read_index(str(path), flag), path
            except RuntimeError:  # an index type faiss cannot map: read it
                index = faiss.read_index(str(path))
        else:
            index = faiss.read_index(str(path))
        ids = np.load(folder / IDS_FILE, allow_pickle=False)
        if index.ntotal != len(ids):
            raise ValueError(f"vector index has {index.ntotal} vectors but {len(ids)} ids")
        return cls(index.d, index, ids, mapped_from=mapped)

    def save(self, folder: Path) -> None:
        faiss = _faiss()
        faiss.write_index(self.index, str(folder / INDEX_FILE))
        np.save(folder / IDS_FILE, self.ids, allow_pickle=False)

    # ---- maintenance
    @property
    def live(self) -> int:
        return int((self.ids >= 0).sum())

    def sync(self, live_vids: np.ndarray, fetch: Callable[[np.ndarray], np.ndarray], progress: bool = False) -> str:
        """Make the index hold exactly ``live_vids``; ``fetch(vids)`` returns their vectors. Returns what it did."""
        live_vids = np.unique(live_vids.astype(np.int64))
        indexed = self.ids[self.ids >= 0]
        dead = ~np.isin(self.ids, live_vids) & (self.ids >= 0)
        new = np.setdiff1d(live_vids, indexed, assume_unique=True)
        dead_after = int((self.ids < 0).sum() + dead.sum())
        total_after = len(self.ids) + len(new)
        if total_after and dead_after / total_after > REBUILD_DEAD_SHARE:
            fresh = VectorIndex(self.dim)
            fresh._add(live_vids, fetch, progress)
            self.index, self.ids, self._mapped_from = fresh.index, fresh.ids, None
            action = "rebuilt"
        else:
            if self._mapped_from is not None and len(new):  # a mapped index cannot grow: read it into memory
                self.index = _faiss().read_index(str(self._mapped_from))
                self.index.hnsw.efSearch = EF_SEARCH
                self._mapped_from = None
            self.ids = self.ids.copy()
            self.ids[dead] = -1
            self._add(new, fetch, progress)
            action = f"added {len(new)}, removed {int(dead.sum())}"
        self._refresh_selector()
        return action

    def _add(self, vids: np.ndarray, fetch: Callable[[np.ndarray], np.ndarray], progress: bool) -> None:
        from tqdm import tqdm

        faiss = _faiss()
        faiss.omp_set_num_threads(2)
        bar = tqdm(total=len(vids), desc="vector index", unit="vec", disable=not progress or not len(vids))
        parts = [self.ids]
        for i in range(0, len(vids), ADD_BATCH):
            part = vids[i : i + ADD_BATCH]
            vecs = np.ascontiguousarray(fetch(part), dtype=np.float32)
            if vecs.shape != (len(part), self.dim):
                raise ValueError(f"expected vectors of shape {(len(part), self.dim)}, got {vecs.shape}")
            self.index.add(vecs)
            parts.append(part)
            bar.update(len(part))
        bar.close()
        self.ids = np.concatenate(parts).astype(np.int64)

    def _refresh_selector(self) -> None:
        faiss = _faiss()
        self._params = None
        if (self.ids < 0).any():
            # keep the bitmap referenced: faiss holds only a raw pointer to it
            self._bitmap = np.packbits(self.ids >= 0, bitorder="little")
            self._selector = faiss.IDSelectorBitmap(len(self.ids), faiss.swig_ptr(self._bitmap))
            params = faiss.SearchParametersHNSW()
            params.sel = self._selector
            params.efSearch = EF_SEARCH
            self._params = params

    # ---- search
    def search(self, vector: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(vids, similarities) best first; fewer than k when the index holds fewer live vectors."""
        if k <= 0 or not len(self.ids):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        q = np.ascontiguousarray(vector, dtype=np.float32).reshape(1, -1)
        kk = min(k, len(self.ids))
        if self._params is not None:
            dist, pos = self.index.search(q, kk, params=self._params)
        else:
            dist, pos = self.index.search(q, kk)
        ok = pos[0] >= 0
        return self.ids[pos[0][ok]], dist[0][ok]
