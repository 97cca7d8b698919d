#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "point_maze.h"

namespace rlpool::robotics {
void BindPointMaze(nanobind::module_& m) { BindEnv<PointMazeEnv>(m, "PointMazeEnv"); }
}  // namespace rlpool::robotics
