#include "mpi_ranks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <thread>

#include "../interrupts.hpp"
#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

constexpr int kProgressTag = 1;
constexpr int kClosedTag = 2;
constexpr int kExchangeTag = 3;
constexpr std::size_t kMaxMessageBytes = std::size_t{1} << 30;  // below MPI's int counts
constexpr auto kSendInterval = std::chrono::milliseconds(200);
constexpr auto kPollInterval = std::chrono::milliseconds(10);

void check(int status, const char* call) {
  if (status != MPI_SUCCESS) throw Error(fmt::format("MPI: {} failed with code {}", call, status));
}

int as_count(std::size_t bytes) {
  if (bytes > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    throw InvalidInput(fmt::format("a rank's share of {} bytes is more than one MPI message holds", bytes));
  }
  return static_cast<int>(bytes);
}

// A progress message: done, total, the sender's epoch, then the stage's name.
constexpr std::size_t kProgressNumbers = 3;

std::string encode_progress(std::string_view stage, std::size_t done, std::size_t total, std::uint64_t epoch) {
  std::string out(kProgressNumbers * sizeof(std::uint64_t), '\0');
  const std::uint64_t numbers[kProgressNumbers] = {done, total, epoch};
  std::memcpy(out.data(), numbers, sizeof numbers);
  out.append(stage);
  return out;
}

}  // namespace

MpiRanks::MpiRanks() {
  int rank = 0, size = 1;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size");
  rank_ = static_cast<std::size_t>(rank);
  size_ = static_cast<std::size_t>(size);
  MPI_Comm node = MPI_COMM_NULL;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node),
        "MPI_Comm_split_type");
  int on_node = 1;
  check(MPI_Comm_size(node, &on_node), "MPI_Comm_size");
  MPI_Comm_free(&node);
  ranks_on_node_ = static_cast<std::size_t>(on_node);
  check(MPI_Comm_dup(MPI_COMM_WORLD, &progress_comm_), "MPI_Comm_dup");
}

MpiRanks::~MpiRanks() {
  if (progress_comm_ != MPI_COMM_NULL) MPI_Comm_free(&progress_comm_);
}

void MpiRanks::wait_for_all() {
  MPI_Request request = MPI_REQUEST_NULL;
  {
    const std::lock_guard lock(mpi_mutex_);
    check(MPI_Ibarrier(MPI_COMM_WORLD, &request), "MPI_Ibarrier");
  }
  for (;;) {
    {
      const std::lock_guard lock(mpi_mutex_);
      int done = 0;
      check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      if (rank_ == 0) drain_progress();
      if (done != 0) return;
    }
    throw_if_interrupted();  // a rank waiting for the others stops too
    std::this_thread::sleep_for(kPollInterval);
  }
}

std::vector<std::string> MpiRanks::all_gather(const std::string& bytes) {
  wait_for_all();
  const std::lock_guard lock(mpi_mutex_);
  end_stages();
  const int mine = as_count(bytes.size());
  std::vector<int> counts(size_);
  check(MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
  std::vector<int> offsets(size_);
  std::size_t total = 0;
  for (std::size_t r = 0; r < size_; ++r) {
    offsets[r] = as_count(total);
    total += static_cast<std::size_t>(counts[r]);
  }
  std::string all(total, '\0');
  check(MPI_Allgatherv(bytes.data(), mine, MPI_BYTE, all.data(), counts.data(), offsets.data(), MPI_BYTE,
                       MPI_COMM_WORLD),
        "MPI_Allgatherv");
  std::vector<std::string> out;
  out.reserve(size_);
  for (std::size_t r = 0; r < size_; ++r) {
    out.push_back(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(counts[r])));
  }
  return out;
}

std::vector<std::string> MpiRanks::all_to_all(std::vector<std::string> outgoing) {
  if (outgoing.size() != size_) {
    throw InvalidInput(fmt::format("all_to_all: {} messages for {} ranks", outgoing.size(), size_));
  }
  wait_for_all();
  const std::lock_guard lock(mpi_mutex_);
  end_stages();
  std::vector<std::uint64_t> sizes_out(size_), sizes_in(size_);
  for (std::size_t s = 0; s < size_; ++s) sizes_out[s] = outgoing[s].size();
  check(MPI_Alltoall(sizes_out.data(), 1, MPI_UINT64_T, sizes_in.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD),
        "MPI_Alltoall");
  std::vector<std::string> incoming(size_);
  incoming[rank_] = std::move(outgoing[rank_]);
  // Round k: send to rank + k and receive from rank − k, each message in pieces of at most
  // kMaxMessageBytes (both sides know every size, so they agree on the pieces).
  for (std::size_t k = 1; k < size_; ++k) {
    const std::size_t to = (rank_ + k) % size_, from = (rank_ + size_ - k) % size_;
    std::string& in = incoming[from];
    in.assign(static_cast<std::size_t>(sizes_in[from]), '\0');
    const std::string& out = outgoing[to];
    std::vector<MPI_Request> requests;
    for (std::size_t at = 0; at < in.size(); at += kMaxMessageBytes) {
      requests.emplace_back();
      check(MPI_Irecv(in.data() + at, as_count(std::min(kMaxMessageBytes, in.size() - at)), MPI_BYTE,
                      static_cast<int>(from), kExchangeTag, MPI_COMM_WORLD, &requests.back()),
            "MPI_Irecv");
    }
    for (std::size_t at = 0; at < out.size(); at += kMaxMessageBytes) {
      requests.emplace_back();
      check(MPI_Isend(out.data() + at, as_count(std::min(kMaxMessageBytes, out.size() - at)), MPI_BYTE,
                      static_cast<int>(to), kExchangeTag, MPI_COMM_WORLD, &requests.back()),
            "MPI_Isend");
    }
    check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    std::string().swap(outgoing[to]);  // sent: its memory is free for the next round
  }
  return incoming;
}

std::vector<std::pair<std::size_t, std::size_t>>& MpiRanks::stage(const std::string& name) {
  for (auto& [stage_name, parts] : stages_) {
    if (stage_name == name) return parts;
  }
  stages_.emplace_back(name, std::vector<std::pair<std::size_t, std::size_t>>(size_));
  return stages_.back().second;
}

void MpiRanks::report(Progress* bar, std::string_view stage_name, std::size_t done, std::size_t total) {
  const std::lock_guard lock(mpi_mutex_);
  if (rank_ == 0) {
    bar_ = bar;
    stage(std::string(stage_name))[0] = {done, total};
    drain_progress();
    show(std::string(stage_name));
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (done != total && now - last_sent_ < kSendInterval) return;
  last_sent_ = now;
  const std::string message = encode_progress(stage_name, done, total, epoch_);
  check(MPI_Send(message.data(), as_count(message.size()), MPI_BYTE, 0, kProgressTag, progress_comm_), "MPI_Send");
}

void MpiRanks::drain_progress() {
  for (;;) {
    int waiting = 0;
    MPI_Status status;
    check(MPI_Iprobe(MPI_ANY_SOURCE, kProgressTag, progress_comm_, &waiting, &status), "MPI_Iprobe");
    if (waiting == 0) return;
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    std::string message(static_cast<std::size_t>(bytes), '\0');
    check(MPI_Recv(message.data(), bytes, MPI_BYTE, status.MPI_SOURCE, kProgressTag, progress_comm_,
                   MPI_STATUS_IGNORE),
          "MPI_Recv");
    std::uint64_t numbers[kProgressNumbers];
    if (message.size() < sizeof numbers) continue;
    std::memcpy(numbers, message.data(), sizeof numbers);
    if (numbers[2] != epoch_) continue;  // a stage that ended at an earlier gather
    const std::string name = message.substr(sizeof numbers);
    stage(name)[static_cast<std::size_t>(status.MPI_SOURCE)] = {numbers[0], numbers[1]};
    show(name);
  }
}

void MpiRanks::show(const std::string& name) {
  if (bar_ == nullptr) return;
  std::size_t done = 0, total = 0;
  for (const auto& [d, t] : stage(name)) {
    done += d;
    total += t;
  }
  // A stage ends when every rank has finished its part, which the next gather tells.
  bar_->report(name, std::min(done, total - 1), total);
}

void MpiRanks::end_stages() {
  for (const auto& [name, parts] : stages_) {
    std::size_t total = 0;
    for (const auto& part : parts) total += part.second;
    if (bar_ != nullptr && total > 0) bar_->report(name, total, total);
  }
  stages_.clear();
  ++epoch_;
}

void MpiRanks::close_progress() {
  const std::lock_guard lock(mpi_mutex_);
  bar_ = nullptr;  // the command, and its bar, have ended
  if (rank_ != 0) {
    check(MPI_Send(nullptr, 0, MPI_BYTE, 0, kClosedTag, progress_comm_), "MPI_Send");
    return;
  }
  // Progress messages from one rank arrive in order, so its closing message comes last.
  for (std::size_t closed = 0; closed + 1 < size_;) {
    MPI_Status status;
    check(MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, progress_comm_, &status), "MPI_Probe");
    if (status.MPI_TAG == kProgressTag) {
      drain_progress();
      continue;
    }
    check(MPI_Recv(nullptr, 0, MPI_BYTE, status.MPI_SOURCE, kClosedTag, progress_comm_, MPI_STATUS_IGNORE),
          "MPI_Recv");
    ++closed;
  }
}

}  // namespace reconbound::cli
