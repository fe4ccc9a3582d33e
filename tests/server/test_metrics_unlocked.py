"""Issue "Performance": the requests and their latency are counted without a lock (each thread adds
to numbers of its own, a scrape reads them all), and /metrics shows exactly what the
prometheus_client Counter and Histogram of the same names showed: the same lines, in the same order,
with the same values (only the series' creation times differ), from many threads at once and from
threads that have ended."""

import re
import threading

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from server.extensions import Answered

REQUESTS = [("/tables/<table_id>/view", "200", 0.0031), ("/tables/<table_id>/moves", "201", 0.012),
            ("/tables/<table_id>/view", "404", 0.0004), ("/healthz", "200", 0.3), ("/tables", "201", 7.0),
            ("/tables/<table_id>/moves", "201", 0.005), ("/tables/<table_id>/moves", "409", 12.5),
            ("/tables/<table_id>/view", "200", 0.1), ("/tables/<table_id>/view", "200", 0.0)]


def _scraped(answered: list[tuple[str, str, float]], threads: int, unlocked: bool) -> str:
    registry = CollectorRegistry()
    if unlocked:
        counter = Answered()
        registry.register(counter)
        count = counter.count
    else:
        requests = Counter("pbem_http_requests", "HTTP requests answered", ["endpoint", "status"], registry=registry)
        latency = Histogram("pbem_http_request_seconds", "Time to answer a request", ["endpoint"], registry=registry)

        def count(endpoint: str, status: str, seconds: float) -> None:
            requests.labels(endpoint, status).inc()
            latency.labels(endpoint).observe(seconds)
    for endpoint, status, seconds in answered[:1]:      # the series' order: the first request's
        count(endpoint, status, seconds)
    rest = answered[1:]
    workers = [threading.Thread(target=lambda part=rest[i::threads]: [count(*r) for r in part])
               for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return generate_latest(registry).decode()


def _without_creation_times(text: str) -> str:
    """The creation times left out, and the sums to 9 places (threads add in another order)."""
    text = re.sub(r"(_created\{[^}]*\}) \S+", r"\1 T", text)
    return re.sub(r"(_sum\{[^}]*\}) (\S+)", lambda m: f"{m[1]} {float(m[2]):.9f}", text)


def test_the_scrape_is_the_counter_and_histograms():
    for threads in (1, 4):
        ordered = REQUESTS * 3 if threads == 1 else REQUESTS[:1] + sorted(REQUESTS[1:] * 200)
        ours, theirs = _scraped(ordered, threads, True), _scraped(ordered, threads, False)
        assert "pbem_http_requests_total" in ours and "_created{" in ours
        assert _without_creation_times(ours) == _without_creation_times(theirs)


def test_the_counts_of_threads_that_ended_stay():
    answered = Answered()
    for endpoint, status, seconds in REQUESTS:
        worker = threading.Thread(target=answered.count, args=(endpoint, status, seconds))
        worker.start()
        worker.join()
    answered.count(*REQUESTS[0])
    assert len(answered._threads) == 1          # this thread's own: the ended threads' were folded together
    registry = CollectorRegistry()
    registry.register(answered)
    text = generate_latest(registry).decode()
    assert 'pbem_http_requests_total{endpoint="/tables/<table_id>/view",status="200"} 4.0' in text
    assert 'pbem_http_request_seconds_count{endpoint="/tables/<table_id>/moves"} 3.0' in text
    assert 'pbem_http_request_seconds_bucket{endpoint="/tables/<table_id>/moves",le="10.0"} 2.0' in text
