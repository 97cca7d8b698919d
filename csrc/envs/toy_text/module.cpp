// rlpool._toy_text: the toy-text family's extension module.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "blackjack.h"
#include "catch.h"
#include "cliff_walking.h"
#include "frozen_lake.h"
#include "nchain.h"
#include "taxi.h"

NB_MODULE(_toy_text, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::toy_text;
  rlpool::BindEnv<FrozenLake>(m, "FrozenLake");
  rlpool::BindEnv<Taxi>(m, "Taxi");
  rlpool::BindEnv<CliffWalking>(m, "CliffWalking");
  rlpool::BindEnv<Blackjack>(m, "Blackjack");
  rlpool::BindEnv<NChain>(m, "NChain");
  rlpool::BindEnv<Catch>(m, "Catch");
}
