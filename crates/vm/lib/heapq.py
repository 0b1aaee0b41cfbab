# `heapq` for tracelift (crates/vm/lib; docs/stdlib.md): binary min-heaps over plain lists,
# written in Python (CPython's `_heapq` is C) with CPython's sift algorithms, so every heap
# holds its items in exactly CPython's order: `heappush`, `heappop`, `heapify`,
# `heapreplace`, `heappushpop`, `nlargest`, `nsmallest` (with `key`), `merge` (with `key`
# and `reverse`), and the C module's argument-type and empty-heap errors. Items are only ever
# compared with `<`, as in CPython. Left out: the C module's check that a comparison did not
# resize the list (its "list changed size during iteration" RuntimeError).

__all__ = ["heappush", "heappop", "heapify", "heapreplace", "merge",
           "nlargest", "nsmallest", "heappushpop"]


def _check_list(heap, name, which):
    if not isinstance(heap, list):
        got = "None" if heap is None else type(heap).__name__
        raise TypeError("%s() argument%s must be list, not %s" % (name, which, got))


# Sifting. `_sift_to_root` moves heap[pos] towards the root (stopping at `top`) while it is
# smaller than its parent. `_sift_to_leaf` fills the hole at `pos` by moving the smaller
# child up until it reaches a leaf, then puts the old item there and sifts it back towards
# the root: fewer comparisons than stopping early, and the order CPython produces.

def _sift_to_root(heap, top, pos):
    item = heap[pos]
    while pos > top:
        up = (pos - 1) >> 1
        parent = heap[up]
        if not item < parent:
            break
        heap[pos] = parent
        pos = up
    heap[pos] = item


def _sift_to_leaf(heap, pos):
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_to_root(heap, start, pos)


# The same two for a max-heap (the private helpers `merge(reverse=True)` and `nsmallest`
# use, as CPython's do).

def _sift_to_root_max(heap, top, pos):
    item = heap[pos]
    while pos > top:
        up = (pos - 1) >> 1
        parent = heap[up]
        if not parent < item:
            break
        heap[pos] = parent
        pos = up
    heap[pos] = item


def _sift_to_leaf_max(heap, pos):
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[right] < heap[child]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_to_root_max(heap, start, pos)


def heappush(heap, item):
    """Pushes item onto heap, keeping it a heap."""
    _check_list(heap, "heappush", " 1")
    heap.append(item)
    _sift_to_root(heap, 0, len(heap) - 1)


def heappop(heap):
    """Pops and returns the smallest item of heap, keeping it a heap."""
    _check_list(heap, "heappop", "")
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if not heap:
        return last
    smallest = heap[0]
    heap[0] = last
    _sift_to_leaf(heap, 0)
    return smallest


def heapreplace(heap, item):
    """Pops and returns the smallest item, then pushes item (the heap never grows)."""
    _check_list(heap, "heapreplace", " 1")
    if not heap:
        raise IndexError("index out of range")
    smallest = heap[0]
    heap[0] = item
    _sift_to_leaf(heap, 0)
    return smallest


def heappushpop(heap, item):
    """Pushes item, then pops and returns the smallest item (faster than the two calls)."""
    _check_list(heap, "heappushpop", " 1")
    if heap and heap[0] < item:
        smallest = heap[0]
        heap[0] = item
        _sift_to_leaf(heap, 0)
        return smallest
    return item


def heapify(x):
    """Turns list x into a heap, in place, in linear time."""
    _check_list(x, "heapify", "")
    for pos in reversed(range(len(x) // 2)):
        _sift_to_leaf(x, pos)


def _heappop_max(heap):
    last = heap.pop()
    if not heap:
        return last
    largest = heap[0]
    heap[0] = last
    _sift_to_leaf_max(heap, 0)
    return largest


def _heapreplace_max(heap, item):
    largest = heap[0]
    heap[0] = item
    _sift_to_leaf_max(heap, 0)
    return largest


def _heapify_max(x):
    for pos in reversed(range(len(x) // 2)):
        _sift_to_leaf_max(x, pos)


def merge(*iterables, key=None, reverse=False):
    """Merges sorted iterables into one sorted iterator; equal items keep their input order."""
    # The heap holds one entry per unfinished input: [key, rank, item, iterator]. The rank
    # (the input's position, negated for a max-heap) breaks ties, so items and iterators are
    # never compared and earlier inputs win ties.
    if reverse:
        make_heap, pop, replace, sign = _heapify_max, _heappop_max, _heapreplace_max, -1
    else:
        make_heap, pop, replace, sign = heapify, heappop, heapreplace, 1
    heap = []
    rank = 0
    for iterable in iterables:
        it = iter(iterable)
        for item in it:
            heap.append([item if key is None else key(item), rank * sign, item, it])
            break
        rank += 1
    make_heap(heap)
    while len(heap) > 1:
        entry = heap[0]
        yield entry[2]
        done = True
        for item in entry[3]:
            entry[0] = item if key is None else key(item)
            entry[2] = item
            replace(heap, entry)
            done = False
            break
        if done:
            pop(heap)
    if heap:
        entry = heap[0]
        yield entry[2]
        for item in entry[3]:
            yield item


def nsmallest(n, iterable, key=None):
    """The n smallest items of iterable, smallest first (sorted(iterable, key=key)[:n])."""
    if n == 1:
        missing = []
        smallest = min(iter(iterable), default=missing, key=key)
        return [] if smallest is missing else [smallest]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key)[:n]
    # A max-heap of the n best so far, each (key, rank, item): the root is the one to drop
    # when a smaller item comes. The rank keeps equal keys in input order.
    it = iter(iterable)
    best = []
    for rank, item in zip(range(n), it):
        best.append((item if key is None else key(item), rank, item))
    if not best:
        return []
    _heapify_max(best)
    worst = best[0][0]
    rank = n
    for item in it:
        k = item if key is None else key(item)
        if k < worst:
            _heapreplace_max(best, (k, rank, item))
            worst = best[0][0]
            rank += 1
    best.sort()
    return [entry[2] for entry in best]


def nlargest(n, iterable, key=None):
    """The n largest items of iterable, largest first (sorted(..., reverse=True)[:n])."""
    if n == 1:
        missing = []
        largest = max(iter(iterable), default=missing, key=key)
        return [] if largest is missing else [largest]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key, reverse=True)[:n]
    # A min-heap of the n best so far, each (key, -rank, item): ranks count down, so that
    # after the final reverse sort equal keys come in input order.
    it = iter(iterable)
    best = []
    for rank, item in zip(range(0, -n, -1), it):
        best.append((item if key is None else key(item), rank, item))
    if not best:
        return []
    heapify(best)
    worst = best[0][0]
    rank = -n
    for item in it:
        k = item if key is None else key(item)
        if worst < k:
            heapreplace(best, (k, rank, item))
            worst = best[0][0]
            rank -= 1
    best.sort(reverse=True)
    return [entry[2] for entry in best]
