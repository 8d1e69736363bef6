"""(being built)"""

from flask import Blueprint

bp = Blueprint("match", __name__)
