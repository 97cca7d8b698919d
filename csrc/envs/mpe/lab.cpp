// rlpool._lab_mpe: the bench's bare loops of this family (csrc/lab), loaded
// by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
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

NB_MODULE(_lab_mpe, m) {
  using namespace rlpool::mpe;
  rlpool::BindBareLoop<MpeEnv<Simple>>(m, "Simple");
  rlpool::BindBareLoop<MpeEnv<SimpleAdversary>>(m, "SimpleAdversary");
  rlpool::BindBareLoop<MpeEnv<SimpleCrypto>>(m, "SimpleCrypto");
  rlpool::BindBareLoop<MpeEnv<SimplePush>>(m, "SimplePush");
  rlpool::BindBareLoop<MpeEnv<SimpleReference>>(m, "SimpleReference");
  rlpool::BindBareLoop<MpeEnv<SimpleSpeakerListener>>(m, "SimpleSpeakerListener");
  rlpool::BindBareLoop<MpeEnv<SimpleSpread>>(m, "SimpleSpread");
  rlpool::BindBareLoop<MpeEnv<SimpleTag>>(m, "SimpleTag");
  rlpool::BindBareLoop<MpeEnv<SimpleWorldComm>>(m, "SimpleWorldComm");
}
