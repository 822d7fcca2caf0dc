#!/usr/bin/env python3
"""Random exports played by cocos2d-x's own runtime and by Bonescope, compared.

Usage: differential.py ORACLE CLI GOLDEN_COMPARE [--format xml|json] [--seeds FIRST-LAST]
                       [--version V] [--content-scale S]
  ORACLE: ../shared/tools/cocos2dx/ccarmature-oracle; CLI: a build's bonescope-cli;
  GOLDEN_COMPARE: ../shared/tools/golden-compare.

Each seed writes a small random armature (2 to 5 bones, 2 or 3 movements) in DragonBones 2.0 XML
or CocoStudio 1.1 ExportJson, or in format version V (DragonBones before 2.0 reads positions and
pivots from x, y, pX, pY; CocoStudio before 0.3 gives keyframe lengths, before 1.0 unwraps
rotations, before 1.1 reads colours otherwise), an ExportJson with content_scale S: keyframes of
random length (0 included) that add up to more or less than the movement, hidden and switched
displays, hold keyframes, easings (None, unknown, custom curves), whole turns, colours, bone speeds and delays, late first keyframes, movement speeds,
durationTo, durationTween and loops. Five scenarios of each (two plays, two crossfades, a speed)
are run by the oracle and baked by the CLI; a scenario whose rows differ beyond the goldens'
tolerances is printed. A developer's tool, never run by CTest (a fresh clone has no oracle): run
it after a change to the player and keep any finding as test data with the oracle's numbers.
Positions past a few thousand pixels differ by float rounding (a scale chain of 80 gives 2 ulps).
"""
import json, os, random, subprocess, sys, tempfile


def value(r, lo, hi):
    return round(r.uniform(lo, hi), 2)


def xml_export(seed, version="2.0"):
    r = random.Random(seed)
    names = [f"b{i}" for i in range(r.randint(2, 5))]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<skeleton name="g{seed}" frameRate="24" version="{version}">', '  <armatures>',
             f'    <armature name="g{seed}">']
    for i, name in enumerate(names):
        parent = f' parent="b{r.randint(0, i - 1)}"' if i else ''
        lines += [f'      <b name="{name}"{parent} x="{value(r, -30, 30)}" y="{value(r, -30, 30)}" '
                  f'kX="{value(r, -90, 90)}" kY="{value(r, -90, 90)}" cX="{value(r, 0.5, 1.5)}" '
                  f'cY="{value(r, 0.5, 1.5)}" pX="0" pY="0" z="{r.randint(0, 4)}">',
                  '        <d name="img" pX="5" pY="5"/>', '        <d name="img2" pX="5" pY="5"/>',
                  '      </b>']
    lines += ['    </armature>', '  </armatures>', '  <animations>', f'    <animation name="g{seed}">']
    movements = []
    for m in range(r.randint(2, 3)):
        dr = r.choice([1, 2, 5, 8, 12, 17, 24])
        movements.append(f"m{m}")
        lines.append(f'      <mov name="m{m}" dr="{dr}" to="{r.choice([0, 0, 3, 6, 10])}" '
                     f'drTW="{r.choice([dr, dr, dr * 2, max(1, dr // 2), 0])}" '
                     f'lp="{r.choice(["1", "1", "0"])}" '
                     f'twE="{r.choice(["NaN", "NaN", "0", "1", "2", "3", "-1", "6"])}" '
                     f'sc="{r.choice(["1", "1", "1", "0.5", "1.5", "0.75"])}">')
        for name in names:
            if r.random() < 0.15:
                continue
            lines.append(f'        <b name="{name}" sc="{r.choice(["1", "1", "1", "0.5", "2"])}" '
                         f'dl="{r.choice(["0", "0", "0", "0.25", "-0.3", "0.5"])}">')
            count, total = r.choice([1, 2, 2, 3, 3, 4, 5]), 0
            for f in range(count):
                length = (r.choice([0, 1, 2, 3, 4, 5, 6, 8]) if f < count - 1
                          else max(0, dr - total + r.choice([0, 0, 0, -2, 2, -4])))
                total += length
                x, y, rotation = value(r, -40, 40), value(r, -40, 40), value(r, -180, 180)
                skewY = rotation if r.random() < 0.8 else value(r, -180, 180)
                attributes = (f'x="{x}" y="{y}" cocos2d_x="{x}" cocos2d_y="{y}" kX="{rotation}" '
                              f'kY="{skewY}" cX="{r.choice([1, 1, value(r, 0.3, 2), -1])}" '
                              f'cY="{r.choice([1, 1, value(r, 0.3, 2)])}" pX="0" pY="0" '
                              f'z="{r.randint(0, 4)}" dI="{r.choice([0, 0, 0, 1, -1])}" dr="{length}"')
                if r.random() < 0.25:
                    attributes += f' twE="{r.choice(["0", "1", "2", "3", "-1", "10000", "NaN", "7", "23"])}"'
                if r.random() < 0.1:
                    attributes += f' twR="{r.choice(["1", "-1", "2"])}"'
                if r.random() < 0.1:
                    attributes += ' tweenFrame="false"'
                if r.random() < 0.1:
                    colour = (f'<colorTransform a="0" r="{r.randint(-50, 50)}" g="0" b="0" '
                              f'aM="{r.randint(0, 100)}" rM="100" gM="{r.randint(0, 100)}" bM="100"/>')
                    lines.append(f'          <f {attributes}>{colour}</f>')
                else:
                    lines.append(f'          <f {attributes}/>')
            lines.append('        </b>')
        lines.append('      </mov>')
    lines += ['    </animation>', '  </animations>',
              f'  <TextureAtlas name="g{seed}" width="64" height="64">',
              '    <SubTexture name="img" width="10" height="10" x="0" y="0" pX="5" pY="5" cocos2d_pX="5" cocos2d_pY="5"/>',
              '    <SubTexture name="img2" width="10" height="10" x="10" y="0" pX="5" pY="5" cocos2d_pX="5" cocos2d_pY="5"/>',
              '  </TextureAtlas>', '</skeleton>']
    return "\n".join(lines) + "\n", movements


def json_export(seed, version="1.1", content_scale=1.0):
    r = random.Random(seed * 7919 + 13)
    display = {"name": "ICON.png", "displayType": 0,
               "skin_data": [{"x": 0.0, "y": 0.0, "cX": 1.0, "cY": 1.0, "kX": 0.0, "kY": 0.0}]}
    bones = []
    for i in range(r.randint(2, 5)):
        skewX = value(r, -1.5, 1.5)
        bones.append({"name": f"b{i}", "parent": f"b{r.randint(0, i - 1)}" if i else "",
                      "x": value(r, -30, 30), "y": value(r, -30, 30), "z": r.randint(0, 4),
                      "cX": r.choice([1.0, 1.0, value(r, 0.5, 1.5), -1.0]),
                      "cY": r.choice([1.0, value(r, 0.5, 1.5)]), "kX": skewX,
                      "kY": skewX if r.random() < 0.7 else value(r, -1.5, 1.5),
                      "arrow_x": 0.0, "arrow_y": 0.0, "effectbyskeleton": False,
                      "display_data": [display, display]})
    movements = []
    for m in range(r.randint(2, 3)):
        dr = r.choice([1, 2, 5, 8, 12, 17, 24])
        movement = {"name": f"m{m}", "dr": dr, "lp": r.choice([True, True, False]),
                    "to": r.choice([0, 0, 3, 6, 10]),
                    "drTW": r.choice([dr, dr, dr * 2, max(1, dr // 2), 0]),
                    "twE": r.choice([0, 0, 1, 2, 3, -1, 6, 10000]),
                    "sc": r.choice([1.0, 1.0, 0.5, 1.5, 0.75]), "mov_bone_data": []}
        for bone in bones:
            if r.random() < 0.15:
                continue
            frames, index = [], r.choice([0, 0, 0, 0, r.randint(1, 4)])
            for _ in range(r.choice([1, 2, 2, 3, 3, 4, 5])):
                rotation = value(r, -3, 3)
                frame = {"dI": r.choice([0, 0, 0, 1, -1]), "x": value(r, -40, 40),
                         "y": value(r, -40, 40), "z": r.randint(0, 4),
                         "cX": r.choice([1.0, 1.0, value(r, 0.3, 2), -1.0]),
                         "cY": r.choice([1.0, 1.0, value(r, 0.3, 2)]), "kX": rotation,
                         "kY": -rotation if r.random() < 0.8 else value(r, -3, 3), "fi": index,
                         "twE": r.choice([0, 0, 0, 1, 2, 3, -1, 10000, 7, 23, 25]),
                         "tweenFrame": r.random() > 0.12}
                if frame["twE"] == -1 and r.random() < 0.7:
                    frame["twEP"] = [0.0, 0.0, value(r, 0, 1), value(r, -0.5, 1.5), value(r, 0, 1),
                                     value(r, -0.5, 1.5), 1.0, 1.0]
                if r.random() < 0.12:
                    frame["color"] = {c: r.randint(0, 255) for c in "argb"}
                step = r.choice([0, 1, 2, 3, 4, 6, 8])
                if float(version) < 0.3:
                    del frame["fi"]
                    frame["dr"] = step
                frames.append(frame)
                index += step
            movement["mov_bone_data"].append({"name": bone["name"],
                                              "dl": r.choice([0.0, 0.0, 0.0, 0.25, -0.2, 0.5]),
                                              "sc": r.choice([1.0, 1.0, 0.5, 2.0]),
                                              "frame_data": frames})
        movements.append(movement)
    export = {"content_scale": content_scale, "config_file_path": [],
              "texture_data": [{"name": "ICON", "width": 78.0, "height": 78.0, "pX": 0.5,
                                "pY": 0.5, "plistFile": ""}],
              "armature_data": [{"strVersion": f"{version}.0.0", "version": float(version),
                                 "name": f"j{seed}",
                                 "bone_data": bones}],
              "animation_data": [{"name": f"j{seed}", "mov_data": movements}]}
    return json.dumps(export, indent=1), [m["name"] for m in movements]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    oracle, cli, compare = sys.argv[1:4]
    fmt = sys.argv[sys.argv.index("--format") + 1] if "--format" in sys.argv else "xml"
    first, _, last = (sys.argv[sys.argv.index("--seeds") + 1] if "--seeds" in sys.argv
                      else "1-100").partition("-")
    version = sys.argv[sys.argv.index("--version") + 1] if "--version" in sys.argv else None
    scale = (float(sys.argv[sys.argv.index("--content-scale") + 1])
             if "--content-scale" in sys.argv else 1.0)
    differing = 0
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(int(first), int(last or first) + 1):
            if fmt == "xml":
                text, (a, b, *_) = xml_export(seed, version or "2.0")
            else:
                text, (a, b, *_) = json_export(seed, version or "1.1", scale)
            path = os.path.join(folder, f"r{seed}." + ("xml" if fmt == "xml" else "ExportJson"))
            with open(path, "w") as out:
                out.write(text)
            for scenario in (f"play:{a}", f"play:{b}", f"cross:{a}:{b}:7:-1", f"cross:{b}:{a}:5:4",
                             f"speed:{a}:0.7"):
                theirs, ours = path + ".oracle.csv", path + ".bake.csv"
                run = subprocess.run([oracle, path, "--scenario", scenario, "--out", theirs],
                                     capture_output=True, text=True)
                if run.returncode:
                    print(f"seed {seed} {scenario}: the oracle failed: {run.stderr.strip()[-200:]}")
                    continue
                run = subprocess.run([cli, "bake", path, "--scenario", scenario, "--out", ours],
                                     capture_output=True, text=True)
                if run.returncode:
                    print(f"seed {seed} {scenario}: Bonescope refused: {run.stderr.strip()[-300:]}")
                    differing += 1
                    continue
                result = subprocess.run([compare, theirs, ours], capture_output=True, text=True)
                verdict = (result.stdout.strip().splitlines() or [""])[-1]
                # golden-compare counts NaN beside NaN as a difference, where the two runtimes
                # agree; bonescope-cli diff, with the same tolerances, does not.
                if " 0 differences" not in verdict and subprocess.run(
                        [cli, "diff", theirs, ours], capture_output=True).returncode != 0:
                    print(f"seed {seed} {scenario}: {verdict}")
                    differing += 1
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
