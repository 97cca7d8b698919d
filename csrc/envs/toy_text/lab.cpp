// rlpool._lab_toy_text: the bench's bare loops of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "blackjack.h"
#include "catch.h"
#include "cliff_walking.h"
#include "frozen_lake.h"
#include "nchain.h"
#include "taxi.h"

NB_MODULE(_lab_toy_text, m) {
  using namespace rlpool::toy_text;
  rlpool::BindBareLoop<FrozenLake>(m, "FrozenLake");
  rlpool::BindBareLoop<Taxi>(m, "Taxi");
  rlpool::BindBareLoop<CliffWalking>(m, "CliffWalking");
  rlpool::BindBareLoop<Blackjack>(m, "Blackjack");
  rlpool::BindBareLoop<NChain>(m, "NChain");
  rlpool::BindBareLoop<Catch>(m, "Catch");
}
