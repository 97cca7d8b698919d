// rlpool._mpe: the multi-agent particle environments (mpe2 1.1.1).
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "mpe_env.h"
#include "simple.h"
#include "simple_adversary.h"
#include "simple_crypto.h"
#include "simple_push.h"
#include "simple_reference.h"
#include "simple_speaker_listener.h"
#include "simple_spread.h"
#include "simple_tag.h"
#include "simple_world_comm.h"

NB_MODULE(_mpe, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::mpe;
  rlpool::BindEnv<MpeEnv<Simple>>(m, "Simple");
  rlpool::BindEnv<MpeEnv<SimpleAdversary>>(m, "SimpleAdversary");
  rlpool::BindEnv<MpeEnv<SimpleCrypto>>(m, "SimpleCrypto");
  rlpool::BindEnv<MpeEnv<SimplePush>>(m, "SimplePush");
  rlpool::BindEnv<MpeEnv<SimpleReference>>(m, "SimpleReference");
  rlpool::BindEnv<MpeEnv<SimpleSpeakerListener>>(m, "SimpleSpeakerListener");
  rlpool::BindEnv<MpeEnv<SimpleSpread>>(m, "SimpleSpread");
  rlpool::BindEnv<MpeEnv<SimpleTag>>(m, "SimpleTag");
  rlpool::BindEnv<MpeEnv<SimpleWorldComm>>(m, "SimpleWorldComm");
}
