// A PointMaze map: its cells, where goals and resets may be drawn, and the
// MuJoCo model gymnasium-robotics builds for it (point.xml plus one box per
// wall cell and the target site), compiled from memory, once per process per
// map. No temporary files: the reference writes one per env.
#pragma once

#include <mujoco/mujoco.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../mujoco/model.h"

namespace rlpool::robotics {

// The map as rows of cells: '1' wall, '0' empty, 'r' reset, 'g' goal,
// 'c' either (gymnasium-robotics' maps.py symbols), rows joined by '/'.
struct MazeLayout {
  std::vector<std::string> rows;
  double scaling = 1.0, height = 0.4;
  std::vector<std::array<double, 2>> goals, resets;  // (x, y) of the cells, the reference's order

  int Length() const { return static_cast<int>(rows.size()); }
  int Width() const { return static_cast<int>(rows[0].size()); }
  double XCenter() const { return Width() / 2.0 * scaling; }
  double YCenter() const { return Length() / 2.0 * scaling; }
  double CellX(int j) const { return (j + 0.5) * scaling - XCenter(); }
  double CellY(int i) const { return YCenter() - (i + 0.5) * scaling; }
};

inline MazeLayout ParseMaze(const std::string& text, double scaling, double height) {
  MazeLayout maze;
  maze.scaling = scaling;
  maze.height = height;
  std::stringstream in(text);
  for (std::string row; std::getline(in, row, '/');) maze.rows.push_back(row);
  if (maze.rows.empty() || maze.rows[0].empty())
    throw std::invalid_argument("maze_map is empty; give a map name or rows of 0 1 r g c joined by '/'");
  for (const std::string& row : maze.rows) {
    if (row.size() != maze.rows[0].size())
      throw std::invalid_argument("maze_map rows must all be as long as the first (" +
                                  std::to_string(maze.rows[0].size()) + " cells), got '" + row + "'");
    for (char cell : row)
      if (std::string("01rgc").find(cell) == std::string::npos)
        throw std::invalid_argument(std::string("maze_map cell '") + cell +
                                    "' is none of 0 (empty), 1 (wall), r (reset), g (goal), c (goal or reset)");
  }
  if (!(scaling > 0.0) || !(height > 0.0))
    throw std::invalid_argument("maze_size_scaling and maze_height must be > 0");
  // Maze.make_maze: the cells by kind in row-major order; empty cells stand
  // in for whichever kinds the map leaves out; combined cells serve both.
  std::vector<std::array<double, 2>> goal, reset, combined, empty;
  for (int i = 0; i < maze.Length(); ++i) {
    for (int j = 0; j < maze.Width(); ++j) {
      std::array<double, 2> xy = {maze.CellX(j), maze.CellY(i)};
      switch (maze.rows[i][j]) {
        case 'r': reset.push_back(xy); break;
        case 'g': goal.push_back(xy); break;
        case 'c': combined.push_back(xy); break;
        case '0': empty.push_back(xy); break;
        default: break;
      }
    }
  }
  if (goal.empty() && reset.empty() && combined.empty()) {
    combined = empty;
  } else if (reset.empty() && combined.empty()) {
    reset = empty;
  } else if (goal.empty() && combined.empty()) {
    goal = empty;
  }
  goal.insert(goal.end(), combined.begin(), combined.end());
  reset.insert(reset.end(), combined.begin(), combined.end());
  if (goal.empty() || reset.empty())
    throw std::invalid_argument("maze_map has no free cell to put a goal or the agent in");
  maze.goals = std::move(goal);
  maze.resets = std::move(reset);
  return maze;
}

inline std::string Num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.17g", v);  // round-trips: MuJoCo reads back the same double
  return buf;
}

// point.xml with the maze's walls and target site added at the end of the
// worldbody, as Maze.make_maze adds them.
inline std::string MazeXml(const std::string& point_xml_path, const MazeLayout& maze) {
  std::ifstream file(point_xml_path, std::ios::binary);
  if (!file) throw std::invalid_argument("cannot read the PointMaze model '" + point_xml_path + "'");
  std::stringstream text;
  text << file.rdbuf();
  std::string xml = text.str();
  std::string added;
  double s = maze.scaling, half_height = maze.height / 2 * s;
  for (int i = 0; i < maze.Length(); ++i) {
    for (int j = 0; j < maze.Width(); ++j) {
      if (maze.rows[i][j] != '1') continue;
      added += "<geom name=\"block_" + std::to_string(i) + "_" + std::to_string(j) + "\" pos=\"" + Num(maze.CellX(j)) +
               " " + Num(maze.CellY(i)) + " " + Num(half_height) + "\" size=\"" + Num(0.5 * s) + " " + Num(0.5 * s) +
               " " + Num(half_height) +
               "\" type=\"box\" material=\"\" contype=\"1\" conaffinity=\"1\" rgba=\"0.7 0.5 0.3 1.0\"/>\n";
    }
  }
  added += "<site name=\"target\" pos=\"0 0 " + Num(half_height) + "\" size=\"" + Num(0.2 * s) +
           "\" rgba=\"1 0 0 0.7\" type=\"sphere\"/>\n";
  size_t at = xml.rfind("</worldbody>");
  if (at == std::string::npos) throw std::invalid_argument("'" + point_xml_path + "' has no </worldbody>");
  xml.insert(at, added);
  return xml;
}

// The compiled maze model, once per process per (file, map, scaling, height).
inline mujoco::ModelPtr LoadMazeModel(const std::string& point_xml_path, const std::string& map_text,
                                      const MazeLayout& maze) {
  static std::mutex mu;
  static auto* cache = new std::map<std::string, mujoco::ModelPtr>();  // never destroyed, as LoadModel's
  std::string key = point_xml_path + "|" + map_text + "|" + Num(maze.scaling) + "|" + Num(maze.height);
  std::lock_guard<std::mutex> lock(mu);
  mujoco::ModelPtr& slot = (*cache)[key];
  if (slot) return slot;
  std::string xml = MazeXml(point_xml_path, maze);
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  const char* name = "point_maze.xml";
  mj_addBufferVFS(&vfs, name, xml.data(), static_cast<int>(xml.size()));
  char error[1024] = "";
  mjModel* m = mj_loadXML(name, &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  if (m == nullptr) throw std::invalid_argument(std::string("MuJoCo could not compile the maze model: ") + error);
  slot = mujoco::OwnedModel(m);
  return slot;
}

}  // namespace rlpool::robotics
