#!/usr/bin/env bash
# Strong scaling of `reconbound bound` over MPI ranks on one machine: the same workload with
# `mpirun -np 1` and `mpirun -np 2`, one thread per rank. Reports wall time and speedup, CPU time
# and peak RSS per rank (/usr/bin/time -v around each rank), the bytes each rank sends (Open MPI's
# pml monitoring, cross-checked against the bytes the wire format implies), the stage timings of
# the JSON, and whether both JSONs agree apart from timings. Markdown on stdout, progress on stderr.
#
# Usage: bench/mpi/speedup.sh [OUT_DIR]        (keeps the JSONs, time and monitoring files there)
#   RECONBOUND_ARGS overrides the workload (default below: about 3 minutes on one core).
set -euo pipefail
source "$(dirname "$0")/common.sh"
out=$(mkdir -p "${1:-$(mktemp -d)}" && cd "${1:-.}" && pwd)
read -ra args <<< "${RECONBOUND_ARGS:---data fashion-mnist --perp 10000 --est 20000 --gamma 1,8}"
args=(bound "${args[@]}" --threads 1 --quiet --json)
snapshot "$out"

for np in 1 2; do
  dir=$out/np$np && rm -rf "$dir" && mkdir -p "$dir"
  wait_quiet
  echo "np=$np: reconbound ${args[*]}  (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  head -1 /proc/stat > "$dir/stat" && start=$(date +%s.%N)
  mpirun -np "$np" -x LD_LIBRARY_PATH --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 \
    --mca pml_monitoring_filename "$dir/monitoring" \
    sh -c 'exec /usr/bin/time -v -o "$0/time.$OMPI_COMM_WORLD_RANK" "$@"' "$dir" \
    "$reconbound" "${args[@]}" > "$dir/bound.json"
  echo "$(date +%s.%N) - $start" | bc > "$dir/wall_s" && head -1 /proc/stat >> "$dir/stat"
  echo "np=$np: $(cat "$dir/wall_s") s" >&2
done

python3 - "$out" "${args[*]}" <<'PY'
import glob, json, math, re, sys
out, command = sys.argv[1], sys.argv[2]

def strip(x):  # the JSON without its timings
    if isinstance(x, dict): return {k: strip(v) for k, v in x.items() if k not in ("timings_s", "seconds")}
    if isinstance(x, list): return [strip(v) for v in x]
    return x

def time_v(path):  # CPU seconds and peak RSS (MB) of one rank from /usr/bin/time -v
    text = open(path).read()
    get = lambda key: float(re.search(re.escape(key) + r":\s*([\d.]+)", text).group(1))
    return get("User time (seconds)") + get("System time (seconds)"), get("Maximum resident set size (kbytes)") / 1024

def sent(path):  # bytes this rank sent: (inside collectives, point to point = progress relay)
    lines = [l.split("\t") for l in open(path)] if glob.glob(path) else []
    total = lambda tag: sum(int(f[3].split()[0]) for f in lines if f[0] == tag)
    return total("I"), total("E")

def wire_bytes(report, rank, ranks):  # what rank `rank` contributes to the all-gathers (entropy_wire.cpp)
    pair_bytes = 8 * 7 + 1 + 8 + 3 * (8 + 4 + 8 + 1) + 8  # numbers, complete, 3 details, block count
    def call(pairs, blocks):  # one all_gather of a share: magic, pair count, pairs, 24 bytes a block
        return 4 + 16 + pairs * pair_bytes + 24 * blocks  # 4: the MPI_Allgather of the counts
    m, sel = report["m_padded"], report["grid_selection"]
    total = 4 + 8  # the frame digest
    ks = sorted({p["k"] for p in sel["predictions"]})
    for _ in sel["pilot_sizes"]:  # pilot: per size and block size, <= 8 evenly spread blocks
        for k in ks:
            shards = math.ceil(m // k / 8)
            pairs = sum(p["k"] == k for p in sel["predictions"])
            total += call(pairs, pairs * len(range(shards * rank, m // k, shards * ranks)))
    certified = [g["k"] for g in report["grid"]]
    return total + call(len(certified), sum(len(range(rank, m // k, ranks)) for k in certified))

def busy(path):  # CPU seconds all processes of the machine used between the two /proc/stat lines
    a, b = ([int(v) for v in line.split()[1:]] for line in open(path))
    idle = lambda v: v[3] + v[4] + v[7]  # idle, iowait, steal
    return ((sum(b) - idle(b)) - (sum(a) - idle(a))) / 100

runs = {np: json.load(open(f"{out}/np{np}/bound.json")) for np in (1, 2)}
wall = {np: float(open(f"{out}/np{np}/wall_s").read()) for np in (1, 2)}
r = runs[1]
print(f"Workload: `reconbound {command}`; n_perp {r['n_perp']}, n_est {r['n_est']}, m {r['m']}, "
      f"certified pairs {[(g['k'], g['nu2'], g['n_mc']) for g in r['grid']]} (k, nu2, n_mc)\n")
print("| ranks | wall s | speedup | others' CPU, cores | rank | CPU s | peak RSS MB "
      "| bytes sent in all-gathers (computed) | bytes sent as progress "
      "| represent s | trace s | rotation s | selection s | entropy s |")
print("|" + "---|" * 14)
stages = ("represent", "trace_sigma", "rotation", "grid_selection", "entropy")
for np in (1, 2):
    ranks = [time_v(f"{out}/np{np}/time.{rank}") for rank in range(np)]
    others = (busy(f"{out}/np{np}/stat") - sum(cpu for cpu, _ in ranks)) / wall[np]  # load not ours
    for rank, (cpu, rss) in enumerate(ranks):
        coll, p2p = sent(f"{out}/np{np}/monitoring.{rank}.prof")
        computed = wire_bytes(r, rank, np) if np > 1 else 0
        cells = [str(np), f"{wall[np]:.1f}", f"{wall[1] / wall[np]:.2f}x", f"{others:.2f}"] if rank == 0 else [""] * 4
        cells += [str(rank), f"{cpu:.1f}", f"{rss:.0f}", f"{coll} ({computed})", str(p2p)]
        cells += [f"{runs[np]['timings_s'][s]:.1f}" for s in stages] if rank == 0 else [""] * len(stages)
        print("| " + " | ".join(cells) + " |")
same = strip(runs[1]) == strip(runs[2])
cpu_ratio = time_v(f"{out}/np1/time.0")[0] / max(time_v(f"{out}/np2/time.{rank}")[0] for rank in (0, 1))
print(f"\nSpeedup {wall[1] / wall[2]:.2f}x in wall time (target >= 1.8x); {cpu_ratio:.2f}x in CPU time "
      "(one rank's CPU time over the larger of the two ranks' CPU times: what the wall-time ratio would be "
      "on two idle cores). JSONs identical apart from timings: "
      f"{'yes' if same else 'NO'}. Stage timings are rank 0's. Bytes measured with Open MPI's pml "
      "monitoring (`--mca pml_monitoring_enable 2`); computed: from the wire format and the JSON. "
      "Others' CPU: what other processes of the machine used during the run (/proc/stat), in cores.")
PY
