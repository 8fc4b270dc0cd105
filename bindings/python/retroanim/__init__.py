"""retroanim: the Virtools (Ballance) and Asheron's Call animation runtimes.

Virtools: ``load_scene(path)`` reads a .nmo/.cmo file into a :class:`Scene`
(objects, entities, curves, object and keyed animations); ``Curve.get_pos``,
``ObjectAnimation.sample`` and ``KeyedAnimation.sample`` evaluate them as the
engine does, on numpy arrays; ``play`` runs a behaviour script.

Asheron's Call: ``Dat(path)`` opens a dat; ``animation(id)``, ``setup(id)``,
``motion_table(id)`` give its objects; :class:`PhysicsObject` and
:class:`World` run the client's animation chain.

Errors are :class:`Error` subclasses carrying the library's one-line message.
Matrices are float32 (4, 4) with row vectors (row 3 = position); AC frames are
float32 7-vectors (origin x, y, z, quaternion w, x, y, z).
"""
from ._retroanim import (  # noqa: F401
    AlreadyPresentError,
    Animation,
    Curve,
    CurvePoint,
    Dat,
    Entity,
    Error,
    HAVE_GLTF,
    InputError,
    InvalidParameterError,
    KeyedAnimation,
    MotionTable,
    NotFoundError,
    NotInitializedError,
    ObjectAnimation,
    PhysicsObject,
    Scene,
    SceneObject,
    Setup,
    World,
    __version__,
    load_scene,
    play,
)

__all__ = [
    "AlreadyPresentError", "Animation", "Curve", "CurvePoint", "Dat", "Entity", "Error", "HAVE_GLTF",
    "InputError", "InvalidParameterError", "KeyedAnimation", "MotionTable", "NotFoundError",
    "NotInitializedError", "ObjectAnimation", "PhysicsObject", "Scene", "SceneObject", "Setup", "World",
    "load_scene", "play",
]
