// Swimmer (dm_control.suite.swimmer): an n-link planar swimmer in viscous
// fluid; tasks swimmer6, swimmer15 (n = 6, 15).
// Observation: joints = qpos[3:] (n - 1), to_target = target - nose in the head's
//   frame, x and y (2), body_velocities = vx, vy, wz of each body's
//   velocimeter and gyro, head first (3n).
// Action: n - 1 joint motors in [-1, 1].
// Reward: tolerance(|to_target|, [0, r], margin 5r, long_tail), r the target radius.
// Episode: never terminates; 1000 control steps (30 s at 0.03 s = 15 physics steps).
#pragma once

#include <cstdio>
#include <cstdlib>

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class SwimmerTask {
 public:
  enum Obs { kJoints, kToTarget, kBodyVelocities };
  // sensordata[12:] are 6 values (velocimeter, gyro) per body: the head's,
  // then each generated segment's; the first 12 are swimmer.xml's frame sensors.
  static constexpr int kFrameSensorValues = 12;
  static int NumBodyBlocks(const mjModel* m) { return (m->nsensordata - kFrameSensorValues) / 6; }

  static int NumBodies(const std::string& task) { return task == "swimmer15" ? 15 : 6; }
  static std::string XmlFile(const std::string&) { return "swimmer.xml"; }
  static std::vector<std::string> TaskNames() { return {"swimmer6", "swimmer15"}; }

  // swimmer._make_model: n - 1 segments chained below the head, each with a
  // visual and an inertial geom, a site and a hinge of range
  // +-360/n degrees, plus one motor per hinge and a velocimeter and a gyro
  // per site in new actuator and sensor sections. The tracking cameras it
  // moves carry no physics and are left where they are.
  static bool EditXml(const std::string& task, std::string& xml) {
    int n = NumBodies(task);
    char range[64];
    std::snprintf(range, sizeof(range), "%.17g %.17g", -360.0 / n, 360.0 / n);
    std::string chain, closing, actuators, sensors;
    for (int i = 0; i < n - 1; ++i) {
      std::string k = std::to_string(i);
      chain += "<body name=\"segment_" + k + "\" pos=\"0 .1 0\"><geom class=\"visual\" name=\"visual_" + k +
               "\"/><geom class=\"inertial\" name=\"inertial_" + k + "\"/><site name=\"site_" + k +
               "\"/><joint name=\"joint_" + k + "\" range=\"" + range + "\"/>";
      closing += "</body>";
      actuators += "<motor name=\"motor_" + k + "\" joint=\"joint_" + k + "\"/>";
      sensors += "<velocimeter name=\"velocimeter_" + k + "\" site=\"site_" + k + "\"/><gyro name=\"gyro_" + k +
                 "\" site=\"site_" + k + "\"/>";
    }
    InsertAt(xml, "<site name=\"head\"/>", chain + closing, true);
    InsertAt(xml, "</mujoco>", "<actuator>" + actuators + "</actuator><sensor>" + sensors + "</sensor>");
    // dm_control moves the head's trackcom cameras away in proportion to the
    // length, n / 6 times their position (only rendering sees them).
    for (const char* camera : {"tracking1", "tracking2"}) ScaleCameraPos(xml, camera, n / 6.0);
    return true;
  }

  // pos="x y z" of <camera name="name" ...> multiplied by scale, each
  // product written so that it parses back to the same double (as Python's
  // str(float) in dm_control's edit).
  static void ScaleCameraPos(std::string& xml, const std::string& name, double scale) {
    size_t at = xml.find("<camera name=\"" + name + "\"");
    if (at == std::string::npos) throw std::runtime_error("dm_control swimmer model lacks camera '" + name + "'");
    size_t begin = xml.find("pos=\"", at) + 5, end = xml.find('"', begin);
    std::string old = xml.substr(begin, end - begin), scaled;
    const char* p = old.c_str();
    char* next = nullptr;
    for (double v = std::strtod(p, &next); next != p; p = next, v = std::strtod(p, &next)) {
      char number[32];
      std::snprintf(number, sizeof(number), "%.17g", v * scale);
      if (!scaled.empty()) scaled += ' ';
      scaled += number;
    }
    xml.replace(begin, end - begin, scaled);
  }

  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kJoints, Field<double>("obs:joints", {m->nq - 3}));
    s.AddObs(kToTarget, Field<double>("obs:to_target", {2}));
    s.AddObs(kBodyVelocities, Field<double>("obs:body_velocities", {3 * NumBodyBlocks(m)}));
  }

  SwimmerTask(const std::string&, const Physics& p)
      : target_(p.Geom("target")),
        nose_(p.Geom("nose")),
        head_(p.Body("head")),
        target_light_(NameId(p.m, mjOBJ_LIGHT, "target_light")) {}

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    RandomizeLimitedAndRotationalJoints(p, rng);
    bool close_target = rng.RandomSample() < .2;
    double box = close_target ? .3 : 2;
    double x = rng.Uniform(-box, box), y = rng.Uniform(-box, box);
    p.m->geom_pos[3 * target_ + 0] = x;
    p.m->geom_pos[3 * target_ + 1] = y;
    p.m->light_pos[3 * target_light_ + 0] = x;
    p.m->light_pos[3 * target_light_ + 1] = y;
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    std::copy(p.d->qpos + 3, p.d->qpos + p.m->nq, out.At<double>(kJoints));
    NoseToTarget(p, out.At<double>(kToTarget));
    double* v = out.At<double>(kBodyVelocities);
    const double* s = p.d->sensordata + kFrameSensorValues;
    for (int k = 0; k < NumBodyBlocks(p.m); ++k, s += 6) {
      *v++ = s[0];
      *v++ = s[1];
      *v++ = s[5];
    }
  }

  double Reward(const Physics& p) const {
    double to_target[2];
    NoseToTarget(p, to_target);
    double size = p.m->geom_size[3 * target_];
    return Tolerance(Norm(to_target, 2), 0, size, 5 * size, Sigmoid::kLongTail);
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  void NoseToTarget(const Physics& p, double* out) const {
    double global[3], local[3];
    for (int i = 0; i < 3; ++i) global[i] = p.d->geom_xpos[3 * target_ + i] - p.d->geom_xpos[3 * nose_ + i];
    VecDotMat3(global, p.d->xmat + 9 * head_, local);
    out[0] = local[0];
    out[1] = local[1];
  }

  int target_, nose_, head_, target_light_;
};

}  // namespace rlpool::dm_control
