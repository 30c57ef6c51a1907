"""A learner's course: the lessons and tasks of their own table (variant and house rules), in order.

:func:`track_for` builds it from the curriculum (:mod:`tutor.learn.curriculum`); the Learn page's lesson list
and the course map (the checkout's ``python -m tools.curriculum map --variant rommi``) both read it.
"""

from tutor.course.track import Track, TrackLesson, track_for

__all__ = ["Track", "TrackLesson", "track_for"]
