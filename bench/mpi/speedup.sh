#!/usr/bin/env bash
# Strong scaling of `reconbound bound` over MPI ranks on one machine: one workload with
# `mpirun -np 1` and `mpirun -np 2`, one thread per rank, and as a control two independent
# one-process runs at once (what two cores of this machine give two copies of the same work).
# Reports wall time and speedup, CPU time and peak RSS per rank (/usr/bin/time -v around each
# rank), the bytes each rank sends (Open MPI's pml monitoring, next to the bytes the wire formats
# imply), rank 0's stage timings, the CPU other processes used meanwhile, and whether the JSONs
# agree apart from timings. Markdown on stdout, progress on stderr.
#
# Usage: bench/mpi/speedup.sh [OUT_DIR]        (keeps the JSONs, time and monitoring files there)
#   RECONBOUND_ARGS overrides the workload (default: about 2.5 minutes on one idle core).
set -euo pipefail
source "$(dirname "$0")/common.sh"
out=$(mkdir -p "${1:-$(mktemp -d)}" && cd "${1:-.}" && pwd)
read -ra args <<< "${RECONBOUND_ARGS:---data fashion-mnist --perp 10000 --est 30000 --gamma 1,8}"
args=(bound "${args[@]}" --threads 1 --quiet --json)
snapshot "$out"

for run in np1 np2 control; do
  dir=$out/$run && rm -rf "$dir" && mkdir -p "$dir"
  wait_quiet
  echo "$run: reconbound ${args[*]}  (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  head -1 /proc/stat > "$dir/stat" && start=$(date +%s.%N)
  if [[ $run == control ]]; then  # two copies, no MPI
    for copy in 0 1; do
      /usr/bin/time -v -o "$dir/time.$copy" "$reconbound" "${args[@]}" > "$dir/bound.$copy.json" &
    done
    wait
  else
    mpirun -np "${run#np}" -x LD_LIBRARY_PATH --mca pml_monitoring_enable 2 \
      --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename "$dir/monitoring" \
      sh -c 'exec /usr/bin/time -v -o "$0/time.$OMPI_COMM_WORLD_RANK" "$@"' "$dir" \
      "$reconbound" "${args[@]}" > "$dir/bound.json"
  fi
  echo "$(date +%s.%N) - $start" | bc > "$dir/wall_s" && head -1 /proc/stat >> "$dir/stat"
  echo "$run: $(cat "$dir/wall_s") s" >&2
done

python3 - "$out" "${args[*]}" <<'PY'
import glob, json, math, re, sys
out, command = sys.argv[1], sys.argv[2]

def strip(x):  # the JSON without its timings
    if isinstance(x, dict): return {k: strip(v) for k, v in x.items() if k not in ("timings_s", "seconds")}
    if isinstance(x, list): return [strip(v) for v in x]
    return x

def time_v(path):  # CPU seconds and peak RSS (MiB) of one process from /usr/bin/time -v
    text = open(path).read()
    get = lambda key: float(re.search(re.escape(key) + r":\s*([\d.]+)", text).group(1))
    return get("User time (seconds)") + get("System time (seconds)"), get("Maximum resident set size (kbytes)") / 1024

def sent(path):  # bytes a rank sent: (inside collectives, point to point)
    lines = [l.split("\t") for l in open(path)] if glob.glob(path) else []
    total = lambda tag: sum(int(f[3].split()[0]) for f in lines if f[0] == tag)
    return total("I"), total("E")

def busy(path):  # CPU seconds all processes of the machine used between the two /proc/stat lines
    a, b = ([int(v) for v in line.split()[1:]] for line in open(path))
    idle = lambda v: v[3] + v[4] + v[7]  # idle, iowait, steal
    return ((sum(b) - idle(b)) - (sum(a) - idle(a))) / 100

def computed(report, rank, ranks):
    """Bytes rank `rank` sends: (all-gathers, the all-to-all), from the wire formats (on_ranks.cpp,
    entropy_wire.cpp, mpi_ranks.cpp) and the JSON. Open MPI's own setup adds a few dozen bytes."""
    if ranks == 1: return 0, 0
    m, n, sel = report["m_padded"], report["n_est"], report["grid_selection"]
    batches = math.ceil(n / 256)  # record_range: D_est by rows, whole batches of 256 records
    rows = min(n, batches * (rank + 1) // ranks * 256) - min(n, batches * rank // ranks * 256)
    pair = 8 * 7 + 1 + 8 + 3 * (8 + 4 + 8 + 1) + 8  # numbers, complete, 3 details, block count
    # sizes, magic, count, the results, their blocks (index, 2 values, parts, partial count) and
    # the partial sums of blocks in query parts (doubles)
    call = lambda pairs, blocks, partial=0: 4 + 16 + pairs * pair + 48 * blocks + 8 * partial
    gathers = (4 + 8) + (4 + 8 * rows)  # the frame digest; the UCB's per-record terms
    dealt = 0  # the pilot: per size and block size <= 8 evenly spread blocks, dealt to the ranks in turn
    for _ in sel["pilot_sizes"]:
        for k in sorted({p["k"] for p in sel["predictions"]}):
            shards, pairs = math.ceil(m // k / 8), sum(p["k"] == k for p in sel["predictions"])
            mine = range(shards * ((rank - dealt) % ranks), m // k, shards * ranks)
            gathers += call(pairs, pairs * len(mine))
            dealt += math.ceil(m // k / shards)
    # The estimate: units of (chunk of lcm(k) columns, query part), equal runs per rank
    # (query_parts_for, window_calls in on_ranks.cpp); goldfeld's parts are tiles of 32 records.
    step = math.lcm(*(g["k"] for g in report["grid"]))
    chunks, tiles = m // step, math.ceil(n / 32)
    parts = 1 if chunks % ranks == 0 else min(ranks // math.gcd(chunks, ranks), tiles)
    def calls(r):  # [(first chunk, end chunk, first part, end part)], at most three
        begin, end = chunks * parts * r // ranks, chunks * parts * (r + 1) // ranks
        if begin >= end: return []
        c0, c_last, p0, p_end = begin // parts, (end - 1) // parts, begin % parts, (end - 1) % parts + 1
        if c0 == c_last: return [(c0, c0 + 1, p0, p_end)]
        head = [(c0, c0 + 1, p0, parts)] if p0 > 0 else []
        tail = [(c_last, c_last + 1, 0, p_end)] if p_end < parts else []
        whole_begin, whole_end = c0 + len(head), c_last + 1 - len(tail)
        return head + ([(whole_begin, whole_end, 0, parts)] if whole_begin < whole_end else []) + tail
    window = lambda r: (calls(r)[-1][1] - calls(r)[0][0]) * step if calls(r) else 0
    results = blocks = partial = 0
    for c0, c1, q0, q1 in calls(rank):
        tiles_in = tiles * q1 // parts - tiles * q0 // parts
        for g in report["grid"]:
            count = (c1 - c0) * step // g["k"]
            results, blocks = results + 1, blocks + count
            partial += 0 if (q0, q1) == (0, parts) else 3 * tiles_in * count
    gathers += call(results, blocks, partial)
    exchange = sum(16 + rows * window(s) * 8 for s in range(ranks) if s != rank)
    return gathers, exchange

runs = {np: json.load(open(f"{out}/np{np}/bound.json")) for np in (1, 2)}
wall = {run: float(open(f"{out}/{run}/wall_s").read()) for run in ("np1", "np2", "control")}
r = runs[1]
print(f"Workload: `reconbound {command}`: n_perp {r['n_perp']}, n_est {r['n_est']}, m {r['m']}, "
      f"certified (k, nu2, n_mc) {[(g['k'], g['nu2'], g['n_mc']) for g in r['grid']]}\n")
print("| run | wall s | speedup | others' CPU, cores | rank | CPU s | peak RSS MiB | sent in all-gathers, B "
      "(computed) | sent point to point, B (computed all-to-all) | represent s | trace s | rotation s "
      "| selection s | entropy s |")
print("|" + "---|" * 14)
stages = ("represent", "trace_sigma", "rotation", "grid_selection", "entropy")
for run, np in (("np1", 1), ("np2", 2), ("control", 2)):
    procs = [time_v(f"{out}/{run}/time.{p}") for p in range(np)]
    others = (busy(f"{out}/{run}/stat") - sum(cpu for cpu, _ in procs)) / wall[run]
    for p, (cpu, rss) in enumerate(procs):
        cells = [f"mpirun -np {np}" if run != "control" else "control: 2 copies of -np 1 at once",
                 f"{wall[run]:.1f}", f"{wall['np1'] / wall[run]:.2f}x" if run != "control" else
                 f"{2 * wall['np1'] / wall[run]:.2f}x throughput", f"{others:.2f}"] if p == 0 else [""] * 4
        cells += [str(p), f"{cpu:.1f}", f"{rss:.0f}"]
        if run == "control":
            cells += ["-", "-"] + [f"{json.load(open(f'{out}/control/bound.{p}.json'))['timings_s'][s]:.1f}" for s in stages]
        else:
            (coll, p2p), (c_coll, c_p2p) = sent(f"{out}/{run}/monitoring.{p}.prof"), computed(r, p, np)
            cells += [f"{coll} ({c_coll})", f"{p2p} ({c_p2p})"]
            cells += [f"{runs[np]['timings_s'][s]:.1f}" for s in stages] if p == 0 else [""] * len(stages)
        print("| " + " | ".join(cells) + " |")
same = strip(runs[1]) == strip(runs[2]) == strip(json.load(open(f"{out}/control/bound.0.json")))
cpu_ratio = time_v(f"{out}/np1/time.0")[0] / max(time_v(f"{out}/np2/time.{p}")[0] for p in (0, 1))
print(f"\nSpeedup of -np 2 over -np 1: {wall['np1'] / wall['np2']:.2f}x in wall time (target >= 1.8x), "
      f"{cpu_ratio:.2f}x in CPU time (one rank's CPU time over the busier rank's of two). The control "
      f"shows what two simultaneous copies of the one-rank run get from this machine: "
      f"{2 * wall['np1'] / wall['control']:.2f}x the throughput of one. "
      f"JSONs identical apart from timings: {'yes' if same else 'NO'}.\n\n"
      "Stage timings are rank 0's (timings_s). Bytes: Open MPI's pml monitoring (`--mca pml_monitoring_enable 2`): "
      "'all-gathers' are the bytes its collectives sent, 'point to point' the all-to-all of the rotated D_est "
      "plus the progress messages to rank 0. Others' CPU: what other processes used meanwhile (/proc/stat).")
PY
