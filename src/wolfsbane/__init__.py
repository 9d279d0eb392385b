"""wolfsbane: a moderator for hidden-role games of the Werewolf family."""

__version__ = "0.1.0"
