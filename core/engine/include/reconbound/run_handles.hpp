#pragma once
// The handles of one run of the bound pipeline, passed beside its settings (BoundConfig): where
// it reports progress, which processes share its estimates and where its finished work items are
// kept. None of them changes a number of the result, so the settings are compared and
// fingerprinted without them (docs/library-api.md, "Settings and run handles").
#include "reconbound/checkpoint.hpp"
#include "reconbound/progress.hpp"
#include "reconbound/ranks.hpp"

namespace reconbound {

struct RunHandles {
  Progress* progress = nullptr;      // a report after each piece of every stage; nullptr: none
  Ranks* ranks = nullptr;            // the ranks sharing the estimates; nullptr: this process alone
  Checkpoint* checkpoint = nullptr;  // finished work items of the estimates are kept in it and, when an
                                     // earlier run left them there, not computed again
};

}  // namespace reconbound
