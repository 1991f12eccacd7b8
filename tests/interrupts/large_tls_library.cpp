// A library with 1 MiB of initial-exec thread-local storage, as OpenBLAS has (Debian's libblas.so.3
// when libopenblas0 is installed, loaded through OpenCV's LAPACK): glibc makes every thread's stack
// hold the static TLS of the libraries loaded at start-up, so a thread with a small stack fails to
// start (EINVAL) in a process that loads it.
extern "C" {
[[gnu::tls_model("initial-exec")]] thread_local char reconbound_test_large_tls[1 << 20];
char* reconbound_test_large_tls_address() { return reconbound_test_large_tls; }
}
