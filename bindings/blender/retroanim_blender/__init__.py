"""Blender add-on: imports Virtools (.nmo/.cmo) curves and animations and
Asheron's Call setups and animations (.dat) through the retroanim Python module.

Everything sampled comes from retroanim (Curve.knots, ObjectAnimation.sample,
KeyedAnimation.sample, Dat.animation, Setup.placement_frames); this add-on only
converts coordinates (convert.py, stated once there and in README.md) and
builds Blender objects. Python 3.7+ syntax only (Blender 3.4 and later).
"""
import os
import sys

import bpy
from bpy.props import IntProperty, StringProperty
from bpy_extras.io_utils import ImportHelper
from mathutils import Matrix

from . import convert

bl_info = {
    "name": "retroanim: Virtools and Asheron's Call animations",
    "author": "retroanim",
    "version": (0, 3, 0),
    "blender": (3, 4, 0),
    "location": "File > Import",
    "description": "Virtools (.nmo/.cmo) curves and object animations, Asheron's Call setups and animations (.dat)",
    "category": "Import-Export",
}


class RetroanimPreferences(bpy.types.AddonPreferences):
    bl_idname = __name__
    module_path: StringProperty(
        name="retroanim module folder",
        description="Folder holding the retroanim Python package, when Blender's Python does not find it",
        subtype="DIR_PATH", default="")

    def draw(self, context):
        self.layout.prop(self, "module_path")


def _retroanim(context):
    """The retroanim module, or None (with the reason as the error)."""
    try:
        prefs = context.preferences.addons[__name__].preferences
        if prefs.module_path and prefs.module_path not in sys.path:
            sys.path.insert(0, bpy.path.abspath(prefs.module_path))
    except (KeyError, AttributeError):
        pass
    env = os.environ.get("RETROANIM_PYTHONPATH")
    if env and env not in sys.path:
        sys.path.insert(0, env)
    import retroanim  # noqa: F811 (raises ImportError with the reason)
    return retroanim


def _matrix(rows):
    return Matrix([list(r) for r in rows])


def _empty(name, collection):
    obj = bpy.data.objects.new(name, None)
    obj.empty_display_type = "ARROWS"
    collection.objects.link(obj)
    return obj


def _fcurves_set(action, data_path, count, frames, values, interpolation, group):
    """Keys `values` (frames x count) at `frames` on data_path[0..count-1]."""
    for i in range(count):
        fc = action.fcurves.new(data_path, index=i, action_group=group)
        fc.keyframe_points.add(len(frames))
        co = []
        for f, v in zip(frames, values):
            co.extend((float(f), float(v[i])))
        fc.keyframe_points.foreach_set("co", co)
        fc.keyframe_points.foreach_set("interpolation",
                                       [bpy.types.Keyframe.bl_rna.properties["interpolation"].enum_items[interpolation].value]
                                       * len(frames))
        fc.update()


def _bake_local(obj, frames, locals_bl):
    """Keys obj's location, quaternion and scale at every frame from Blender local matrices."""
    action = bpy.data.actions.new(obj.name + "Action")
    obj.animation_data_create().action = action
    obj.rotation_mode = "QUATERNION"
    locs, rots, scales = [], [], []
    prev = None
    for m in locals_bl:
        loc, rot, scale = m.decompose()
        if prev is not None and prev.dot(rot) < 0:
            rot.negate()  # the shorter way, as the sampled matrices turn
        prev = rot
        locs.append(loc)
        rots.append(rot)
        scales.append(scale)
    _fcurves_set(action, "location", 3, frames, locs, "LINEAR", "Object Transforms")
    _fcurves_set(action, "rotation_quaternion", 4, frames, rots, "LINEAR", "Object Transforms")
    _fcurves_set(action, "scale", 3, frames, scales, "LINEAR", "Object Transforms")
    return action


class ImportVirtools(bpy.types.Operator, ImportHelper):
    """Import the curves and object / keyed animations of a Virtools file"""
    bl_idname = "import_scene.retroanim_virtools"
    bl_label = "Import Virtools curves and animations"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".nmo"
    filter_glob: StringProperty(default="*.nmo;*.cmo;*.vmo", options={"HIDDEN"})
    encoding: StringProperty(name="Name encoding", default="cp1252",
                             description="Code page of the file's names (cp1252, cp932, ...)")

    def execute(self, context):
        try:
            ra = _retroanim(context)
        except ImportError as e:
            self.report({"ERROR"}, "retroanim Python module not found (%s); set its folder in the add-on's preferences" % e)
            return {"CANCELLED"}
        try:
            scene = ra.load_scene(self.filepath, encoding=self.encoding)
            notes = import_virtools(context, ra, scene)
        except ra.Error as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        except ValueError as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        for n in notes:
            self.report({"INFO"}, n)
        return {"FINISHED"}


def import_virtools(context, ra, scene):
    """Builds the curves, entities and animations of a loaded scene. Returns the report's notes."""
    collection = bpy.data.collections.new(os.path.basename(scene.path))
    context.scene.collection.children.link(collection)
    notes = []
    made = {}  # entity name -> Blender object

    def obj_for(entity):
        if entity.name in made:
            return made[entity.name]
        obj = _empty(entity.name, collection)
        made[entity.name] = obj
        if entity.parent is not None:
            obj.parent = obj_for(entity.parent)
            obj.matrix_parent_inverse = Matrix.Identity(4)
        obj.matrix_basis = _matrix(convert.vt_matrix(entity.local))
        return obj

    for curve in scene.curves:
        if len(curve.control_points) < 2:
            notes.append("curve '%s': fewer than 2 points, skipped" % curve.name)
            continue
        k = curve.knots()
        data = bpy.data.curves.new(curve.name, "CURVE")
        data.dimensions = "3D"
        spline = data.splines.new("BEZIER")
        n = len(k["pos"])
        spline.bezier_points.add(n - 1)
        spline.use_cyclic_u = not curve.is_open
        for i, bp in enumerate(spline.bezier_points):
            bp.co = convert.vt_point(k["pos"][i])
            bp.handle_left_type = bp.handle_right_type = "FREE"
            bp.handle_left = bp.co
            bp.handle_right = bp.co
        for a, b, linear in convert.curve_segments(k, curve.is_open):
            pa, pb = spline.bezier_points[a], spline.bezier_points[b]
            if linear:
                pa.handle_right_type = "VECTOR"
                pb.handle_left_type = "VECTOR"
            else:
                _, h0, h1, _ = convert.hermite_to_bezier(k["pos"][a], k["out"][a], k["pos"][b], k["in"][b])
                pa.handle_right = convert.vt_point(h0)
                pb.handle_left = convert.vt_point(h1)
        if curve.is_open:  # the free end handles: along the end tangents (no segment uses them)
            first, last = spline.bezier_points[0], spline.bezier_points[n - 1]
            first.handle_left = convert.vt_point([k["pos"][0][i] - k["in"][0][i] / 3 for i in range(3)])
            last.handle_right = convert.vt_point([k["pos"][n - 1][i] + k["out"][n - 1][i] / 3 for i in range(3)])
        obj = bpy.data.objects.new(curve.name, data)
        collection.objects.link(obj)
        made[curve.name] = obj
        if curve.parent is not None:
            obj.parent = obj_for(curve.parent)
            obj.matrix_parent_inverse = Matrix.Identity(4)
        obj.matrix_basis = _matrix(convert.vt_matrix(curve.local))

    end_frame = 0
    baked = []
    keyed_members = set()
    for keyed in scene.keyed_animations:
        members = [a for a in keyed.animations if a.entity is not None]
        length = keyed.length
        frames = list(range(0, int(length) + 1))
        worlds = keyed.sample(frames=frames)  # member name -> (F, 4, 4)
        by_entity = {a.entity.name: worlds[a.name] for a in members}
        for a in members:
            keyed_members.add(a.name)
            obj = obj_for(a.entity)
            parent = a.entity.parent
            mats = []
            for i in range(len(frames)):
                w = worlds[a.name][i]
                pw = by_entity.get(parent.name, None) if parent is not None else None
                pw = pw[i] if pw is not None else (parent.world if parent is not None else None)
                mats.append(_local_from_world(w, pw))
            _bake_local(obj, frames, mats)
        end_frame = max(end_frame, int(length))
        context.scene.render.fps = int(round(keyed.frame_rate)) or 30
        baked.append("keyed animation '%s' (%d members)" % (keyed.name, len(members)))

    for anim in scene.object_animations:
        if anim.name in keyed_members:
            continue
        if anim.entity is None:
            notes.append("object animation '%s': no entity, skipped" % anim.name)
            continue
        obj = obj_for(anim.entity)
        keys = anim.keys()
        length = anim.length
        parent = anim.entity.parent
        pw = parent.world if parent is not None else None
        rest = anim.entity.world.copy()
        exact = (not anim.merged and "rotation" not in keys and "scale_axis" not in keys and
                 all(convert.controller_is_linear(keys, c) for c in ("position", "scale") if c in keys) and keys)
        if exact and parent is None:
            # Linear position / scale keys: LINEAR F-curves at the key times (exact).
            action = bpy.data.actions.new(obj.name + "Action")
            obj.animation_data_create().action = action
            if "position" in keys:
                p = keys["position"]
                _fcurves_set(action, "location", 3, p["time"], [convert.vt_point(v) for v in p["value"]],
                             "LINEAR", "Object Transforms")
            if "scale" in keys:
                s = keys["scale"]
                _fcurves_set(action, "scale", 3, s["time"], [convert.vt_point(v) for v in s["value"]],
                             "LINEAR", "Object Transforms")
        else:
            frames = list(range(0, int(length) + 1))
            worlds = anim.sample(frames=frames)
            _bake_local(obj, frames, [_local_from_world(w, pw) for w in worlds])
            kinds = sorted("%s %s" % (c, keys[c]["interpolation"]) for c in keys if c != "morph")
            baked.append("'%s' (%s%s)" % (anim.name, ", ".join(kinds), ", merged" if anim.merged else ""))
        end_frame = max(end_frame, int(length))
        del rest
    if end_frame:
        context.scene.frame_start = 0
        context.scene.frame_end = end_frame
    if baked:
        notes.append("baked at every frame (TCB, Bezier, rotation or merged keys): " + "; ".join(baked))
    notes.append("imported %d curves and %d animated objects from %s" %
                 (len([c for c in scene.curves if len(c.control_points) >= 2]), len(made), os.path.basename(scene.path)))
    return notes


def _local_from_world(world, parent_world):
    """The Blender local matrix of a Virtools world matrix under a parent's world matrix."""
    import numpy as np
    w = np.asarray(world, dtype=np.float64)
    if parent_world is not None:
        w = w @ np.linalg.inv(np.asarray(parent_world, dtype=np.float64))  # world = local . parent.world
    return _matrix(convert.vt_matrix(w))


class ImportAC(bpy.types.Operator, ImportHelper):
    """Import an Asheron's Call setup (parts as objects) and its animations"""
    bl_idname = "import_scene.retroanim_ac"
    bl_label = "Import Asheron's Call setup and animation"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".dat"
    filter_glob: StringProperty(default="*.dat", options={"HIDDEN"})
    setup_id: StringProperty(name="Setup id", default="", description="0x02...; empty = the dat's first setup")
    motion_table_id: StringProperty(name="Motion table id", default="",
                                    description="0x09...; empty = the setup's default (its cycles become actions)")
    animation_id: StringProperty(name="Animation id", default="", description="0x03...; one animation instead")
    fps: IntProperty(name="Frames per second", default=30, min=1)

    def execute(self, context):
        try:
            ra = _retroanim(context)
        except ImportError as e:
            self.report({"ERROR"}, "retroanim Python module not found (%s); set its folder in the add-on's preferences" % e)
            return {"CANCELLED"}
        try:
            notes = import_ac(context, ra, self.filepath, _id(self.setup_id), _id(self.motion_table_id),
                              _id(self.animation_id), self.fps)
        except (ra.Error, ValueError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        for n in notes:
            self.report({"INFO"}, n)
        return {"FINISHED"}


def _id(text):
    text = text.strip()
    return int(text, 0) if text else None


def import_ac(context, ra, path, setup_id=None, motion_table_id=None, animation_id=None, fps=30):
    dat = ra.Dat(path)
    if setup_id is None:
        ids = dat.ids(0x02)
        if not ids:
            raise ValueError("%s: the dat holds no setup" % os.path.basename(path))
        setup_id = ids[0]
    setup = dat.setup(setup_id)
    collection = bpy.data.collections.new("%s 0x%08X" % (os.path.basename(path), setup_id))
    context.scene.collection.children.link(collection)
    root = _empty("Setup 0x%08X" % setup_id, collection)
    rest = setup.placement_frames.get(0)
    parts = []
    for i in range(setup.num_parts):
        p = _empty("part %02d (0x%08X)" % (i, int(setup.part_ids[i])), collection)
        p.parent = root
        p.rotation_mode = "QUATERNION"
        if rest is not None and i < len(rest):
            p.matrix_basis = _matrix(convert.ac_frame_matrix(rest[i]))
        parts.append(p)
    anim_ids = []
    if animation_id is not None:
        anim_ids = [animation_id]
    else:
        tid = motion_table_id if motion_table_id is not None else setup.default_motion_table
        if tid:
            table = dat.motion_table(tid)
            for anims in table.cycles.values():
                for a in anims:
                    if a[0] not in anim_ids:
                        anim_ids.append(a[0])
    notes = []
    end = 0
    for n, aid in enumerate(anim_ids):
        anim = dat.animation(aid)
        frames = list(range(anim.num_frames))
        fr = anim.frames
        for i, p in enumerate(parts[:anim.num_parts]):
            action = bpy.data.actions.new("0x%08X %s" % (aid, p.name))
            action.use_fake_user = True
            locs = [fr[f][i][:3] for f in frames]
            rots = [fr[f][i][3:] for f in frames]
            _fcurves_set(action, "location", 3, frames, locs, "LINEAR", "Object Transforms")
            _fcurves_set(action, "rotation_quaternion", 4, frames, rots, "LINEAR", "Object Transforms")
            if n == 0:
                p.animation_data_create().action = action
        end = max(end, anim.num_frames - 1)
    if anim_ids:
        context.scene.frame_start = 0
        context.scene.frame_end = end
        context.scene.render.fps = fps
    notes.append("imported setup 0x%08X (%d parts) and %d animations (one action per part each; the first is "
                 "assigned)" % (setup_id, setup.num_parts, len(anim_ids)))
    return notes


def _menu_virtools(self, context):
    self.layout.operator(ImportVirtools.bl_idname, text="Virtools (.nmo/.cmo) curves and animations")


def _menu_ac(self, context):
    self.layout.operator(ImportAC.bl_idname, text="Asheron's Call setup and animation (.dat)")


_classes = (RetroanimPreferences, ImportVirtools, ImportAC)


def register():
    for c in _classes:
        bpy.utils.register_class(c)
    bpy.types.TOPBAR_MT_file_import.append(_menu_virtools)
    bpy.types.TOPBAR_MT_file_import.append(_menu_ac)


def unregister():
    bpy.types.TOPBAR_MT_file_import.remove(_menu_ac)
    bpy.types.TOPBAR_MT_file_import.remove(_menu_virtools)
    for c in reversed(_classes):
        bpy.utils.unregister_class(c)
